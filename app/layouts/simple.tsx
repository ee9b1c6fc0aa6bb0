import { Outlet } from "react-router";
import { AppLink } from "#app/lib/navigation.tsx";
import type { ReactNode } from "react";
import { Logo } from "#app/components/logo.tsx";
import { useRootData } from "#app/lib/root-data.ts";

/** A focused page (e.g. /route): logo header, content, a one-line footer. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <div className="layout" data-layout="simple">
      <header className="simple-header container">
        <Logo />
        {root?.contacts.phone ? <span className="simple-header__phone">{root.contacts.phone}</span> : null}
      </header>
      <main id="main" className="layout__main container">
        {children}
      </main>
      <footer className="simple-footer container">
        <AppLink to="/">На главную</AppLink>
      </footer>
    </div>
  );
}

/** The layout route of its pages (app/routes.ts). */
export default function SimpleLayoutRoute() {
  return (
    <SimpleLayout>
      <Outlet />
    </SimpleLayout>
  );
}
