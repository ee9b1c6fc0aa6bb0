import { NavLink, Outlet } from "react-router";
import type { ReactNode } from "react";
import { Header } from "#app/layouts/parts/header.tsx";
import { Footer } from "#app/layouts/parts/footer.tsx";
import { LogoutButton } from "#app/features/auth/logout-button.tsx";
import { RouteErrorPage } from "#app/components/error-page.tsx";
import accountStyles from "#app/styles/account.css?url";

/**
 * The account area's styles belong to its layout: its menu is styled on every page of the area,
 * its error page included (a page's own `links` are not rendered when its loader failed).
 */
export const links = () => [{ rel: "stylesheet", href: accountStyles }];

/** The account area's pages, in the order of the navigation. */
export const ACCOUNT_NAV = [
  { to: "/profile", label: "Профиль" },
  { to: "/profile/orders", label: "Заказы" },
  { to: "/profile/companies", label: "Компании" },
  { to: "/profile/cp", label: "Коммерческие предложения" },
] as const;

/**
 * The account area: the shell with the account navigation beside the page (above it on phones,
 * §9 ≤ 767 px, as one scrolling row). The current page is marked (NavLink: aria-current="page").
 */
export function UserLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout" data-layout="user">
      <Header />
      <div className="layout__main container user-layout">
        <nav className="user-layout__nav" aria-label="Личный кабинет">
          {ACCOUNT_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end className={({ isActive }) => `user-layout__link${isActive ? " user-layout__link--on" : ""}`}>
              {item.label}
            </NavLink>
          ))}
          <LogoutButton className="user-layout__logout" />
        </nav>
        <main id="main">{children}</main>
      </div>
      <Footer />
    </div>
  );
}

/** The layout route of its pages (app/routes.ts). */
export default function UserLayoutRoute() {
  return (
    <UserLayout>
      <Outlet />
    </UserLayout>
  );
}

/** An error in an account page (its loader, its action) shows beside the account menu, not on the root's page. */
export function ErrorBoundary() {
  return (
    <UserLayout>
      <RouteErrorPage />
    </UserLayout>
  );
}
