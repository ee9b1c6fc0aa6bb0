import type { ReactNode } from "react";
import { HtmlContent } from "#app/components/html-content.tsx";

export function StaticPageView({ page, children }: { page: { title: string; content: string }; children?: ReactNode }) {
  return (
    <article className="static-page">
      <h1>{page.title}</h1>
      {children}
      <HtmlContent html={page.content} />
    </article>
  );
}
