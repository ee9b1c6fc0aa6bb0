/** Renders HTML that the server already sanitised (§5, app/lib/sanitize.server.ts). */
export function HtmlContent({ html }: { html: string }) {
  return <div className="html-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
