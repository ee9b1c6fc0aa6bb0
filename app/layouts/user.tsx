import { AppLink } from "#app/lib/navigation.tsx";
import type { ReactNode } from "react";
import { Header } from "#app/components/header.tsx";
import { Footer } from "#app/components/footer.tsx";
import { LogoutButton } from "#app/features/auth/logout-button.tsx";

/** The account area: the shell with the account navigation beside the page. */
export function UserLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout" data-layout="user">
      <Header />
      <div className="layout__main container user-layout">
        <nav className="user-layout__nav" aria-label="Личный кабинет">
          <AppLink to="/profile">Профиль</AppLink>
          <AppLink to="/profile/orders">Заказы</AppLink>
          <AppLink to="/profile/companies">Компании</AppLink>
          <AppLink to="/profile/cp">Коммерческие предложения</AppLink>
          <LogoutButton className="user-layout__logout" />
        </nav>
        <main id="main">{children}</main>
      </div>
      <Footer />
    </div>
  );
}
