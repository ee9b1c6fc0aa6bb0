import { Outlet } from "react-router";
import { Suspense, type ReactNode } from "react";
import { Header } from "#app/layouts/parts/header.tsx";
import { Footer } from "#app/layouts/parts/footer.tsx";

/** Full shell: header with menu, city, search and shop entries; footer with contacts. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout" data-layout="default">
      <Header />
      <main id="main" className="layout__main container">
        {children}
      </main>
      {/* A boundary of its own: the browser hydrates it in a task of its own (see Hydrated). */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

/** The layout route of its pages (app/routes.ts). */
export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}
