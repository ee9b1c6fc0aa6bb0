/**
 * Headings a visitor should see on shipped pages (demo seed content). Which pages are checked
 * comes from the pages sitemap (tests/support/public-pages.ts); this only adds what their
 * headings say, and pages outside the sitemap (/subscribe).
 */
export interface ShippedPage {
  path: string;
  h1: string;
}

export const SHIPPED_PAGES: ShippedPage[] = [
  { path: "/about", h1: "О компании" },
  { path: "/agreement", h1: "Пользовательское соглашение" },
  { path: "/contacts", h1: "Контакты" },
  { path: "/delivery", h1: "Доставка" },
  { path: "/faq", h1: "Вопросы и ответы" },
  { path: "/obmen-vozvrat-tovarov", h1: "Обмен и возврат товаров" },
  { path: "/payment", h1: "Оплата" },
  { path: "/privacy", h1: "Политика конфиденциальности" },
  { path: "/public-offer", h1: "Публичная оферта" },
  { path: "/requirements", h1: "Требования к макетам" },
  { path: "/vacancy", h1: "Вакансии" },
  { path: "/subscribe", h1: "Подписка на рассылку" },
  { path: "/route", h1: "Как проехать" },
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
