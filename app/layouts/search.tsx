import { Outlet } from "react-router";
import type { ReactNode } from "react";
import { Header } from "#app/layouts/parts/header.tsx";
import { Footer } from "#app/layouts/parts/footer.tsx";

/** Search results: the shell with a full-width results area. */
export function SearchLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout" data-layout="search">
      <Header />
      <main id="main" className="layout__main layout__main--wide container">
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** The layout route of its pages (app/routes.ts). */
export default function SearchLayoutRoute() {
  return (
    <SearchLayout>
      <Outlet />
    </SearchLayout>
  );
}
