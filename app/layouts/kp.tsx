import { Outlet } from "react-router";
import type { ReactNode } from "react";
import { Header } from "#app/layouts/parts/header.tsx";

/** Commercial offers (KP): the header and a wide work area, no footer. */
export function KpLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout" data-layout="kp">
      <Header />
      <main id="main" className="layout__main layout__main--wide container">
        {children}
      </main>
    </div>
  );
}

/** The layout route of its pages (app/routes.ts). */
export default function KpLayoutRoute() {
  return (
    <KpLayout>
      <Outlet />
    </KpLayout>
  );
}
