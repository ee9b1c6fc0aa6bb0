-- The shop's managers (api/db/seed/content-data.ts MANAGERS) for a database seeded before them:
-- order/manager lists them and orders get one. A fresh database is truncated and seeded after
-- the migrations, which writes the same people again.
INSERT INTO "users" ("name", "email", "phone", "roles", "email_verified", "phone_verified", "activated")
SELECT m.name, m.email, m.phone, ARRAY['ROLE_MANAGER']::text[], true, true, true
FROM (VALUES
  ('Анна Смирнова', 'a.smirnova@tmg-podarki.ru', '+7 (921) 407-26-31'),
  ('Дмитрий Волков', 'd.volkov@tmg-podarki.ru', '+7 (921) 407-26-32'),
  ('Екатерина Орлова', 'e.orlova@tmg-podarki.ru', '+7 (925) 120-48-41'),
  ('Сергей Кузнецов', 's.kuznetsov@tmg-podarki.ru', '+7 (925) 120-48-42')
) AS m(name, email, phone)
WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE 'ROLE_MANAGER' = ANY (u.roles))
  AND EXISTS (SELECT 1 FROM "cities")
ON CONFLICT DO NOTHING;
