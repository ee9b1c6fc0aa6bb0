import { AppLink } from "#app/lib/navigation.tsx";

export function Logo() {
  return (
    <AppLink to="/" className="logo" aria-label="ТМГ — на главную">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
        <rect width="36" height="36" rx="8" fill="#e30613" />
        <path d="M9 12h18v4h-7v11h-4V16H9z" fill="#fff" />
      </svg>
      <span className="logo__text">
        ТМГ<small>подарки с логотипом</small>
      </span>
    </AppLink>
  );
}
