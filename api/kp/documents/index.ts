/**
 * The offer's documents (issue 27, ADR 052): what the export calls.
 *
 *   const loadImages = createKpImageLoader(db);             // once, with the API's database
 *   const doc = …;                                          // a KpDocument from the frozen version
 *   const pdf = await renderPdf(doc, { images: await loadImages(doc), now: new Date() });
 *   const xlsx = await renderXlsx(doc);
 *   headers: Content-Type: KP_MIME.pdf, Content-Disposition: contentDisposition(kpFileName(doc, "pdf"))
 *
 * Both run in the documents' thread (render-pool.ts); both throw KpRendererBusy when too many
 * documents are waiting (answer 503 with Retry-After) and a ZodError for a document that breaks
 * the contract's bounds (a bug of the caller).
 */
import { KpDocument } from "#contract/kp-document.ts";
import { KP_EXPORT_MIME } from "#contract/kp.ts";
import { kpPdfJob, type KpImages } from "./pdf";
import { createRenderPool, type RenderPool } from "./render-pool";
import { kpXlsxPlan } from "./xlsx";

export { createKpImageLoader, type KpImageLoader } from "./images";
export { createRenderPool, KpRendererBusy, type RenderPool, type RenderPoolOptions } from "./render-pool";
export type { KpImages } from "./pdf";

/** The media types, as the contract's kp/export names them. */
export const KP_MIME = KP_EXPORT_MIME;

/** "КП 2026-000124.pdf", "КП 2026-000124 (версия 3).xlsx": put it through contentDisposition. */
export function kpFileName(doc: Pick<KpDocument, "number" | "version">, extension: keyof typeof KP_MIME): string {
  return doc.version > 1 ? `КП ${doc.number} (версия ${doc.version}).${extension}` : `КП ${doc.number}.${extension}`;
}

/**
 * One thread per process, started by the first export. The server entry and the route modules
 * are separate bundles in production, so it lives on `globalThis` (one thread, not one per copy).
 */
const SHARED = Symbol.for("storefront.kp-documents");
type Shared = { pool: RenderPool | null };
const shared: Shared = ((globalThis as { [SHARED]?: Shared })[SHARED] ??= { pool: null });

function defaultPool(): RenderPool {
  return (shared.pool ??= createRenderPool());
}

/** Ends the documents' thread (shutdown, tests); the next export starts a new one. */
export async function closeKpDocuments(): Promise<void> {
  const pool = shared.pool;
  shared.pool = null;
  await pool?.close();
}

export interface RenderPdfOptions {
  /** Picture bytes by URL (createKpImageLoader); a URL without bytes prints a dash. */
  images: KpImages;
  /** The document's date in its metadata: a fixed `now` gives the same bytes every time. */
  now: Date;
  pool?: RenderPool;
}

export async function renderPdf(doc: KpDocument, { images, now, pool = defaultPool() }: RenderPdfOptions): Promise<Buffer> {
  const checked = KpDocument.parse(doc);
  return pool.render({ kind: "pdf", pdf: kpPdfJob(checked, images, now) });
}

export async function renderXlsx(doc: KpDocument, { pool = defaultPool() }: { pool?: RenderPool } = {}): Promise<Buffer> {
  const checked = KpDocument.parse(doc);
  return pool.render({ kind: "xlsx", plan: kpXlsxPlan(checked) });
}
