/** The pages shipped so far (§2), with what a visitor should see on each (demo seed content). */
export interface ShippedPage {
  path: string;
  h1: string;
  layout: "default" | "simple";
}

export const SHIPPED_PAGES: ShippedPage[] = [
  { path: "/about", h1: "О компании", layout: "default" },
  { path: "/agreement", h1: "Пользовательское соглашение", layout: "default" },
  { path: "/contacts", h1: "Контакты", layout: "default" },
  { path: "/delivery", h1: "Доставка", layout: "default" },
  { path: "/faq", h1: "Вопросы и ответы", layout: "default" },
  { path: "/obmen-vozvrat-tovarov", h1: "Обмен и возврат товаров", layout: "default" },
  { path: "/payment", h1: "Оплата", layout: "default" },
  { path: "/privacy", h1: "Политика конфиденциальности", layout: "default" },
  { path: "/public-offer", h1: "Публичная оферта", layout: "default" },
  { path: "/requirements", h1: "Требования к макетам", layout: "default" },
  { path: "/vacancy", h1: "Вакансии", layout: "default" },
  { path: "/subscribe", h1: "Подписка на рассылку", layout: "default" },
  // §2: /route uses the simple layout.
  { path: "/route", h1: "Как проехать", layout: "simple" },
];

/** §2 error page texts. */
export const NOT_FOUND_TITLE = "Похоже, что такой страницы не существует.";
export const notFoundMessage = (path: string) => `Page not found: ${path}`;

/** Demo seed contacts (api/db/seed/content-data.ts). */
export const SEED_CONTACTS = {
  phone: "+7 (812) 407-26-15",
  email: "info@tmg-podarki.ru",
  officeCity: "Санкт-Петербург",
  coordinates: /59\.92262,\s*30\.35631/,
};
