/**
 * §7 "/api/kp" and /api/commercial-offer-delay/list (ADR 051): offers, the editor's reference
 * calls, sent versions, the public page and acceptance. Who may call what: scope.ts.
 *
 * Order matters: fixed paths (kp/client/list, kp/client/create) come before kp/client/{id}/…, and
 * kp/public/{id}/accept is its own path.
 */
import { Hono, type Context } from "hono";
import { endpoints } from "../../contract/index";
import type { RouteDeps } from "../deps";
import { route } from "../http/route";
import { consumeForClient, consumeForUser } from "../http/write-limits";
import { requireUser } from "../auth/session";
import { createCartPricing } from "../cart/pricing";
import { createCoatingService } from "../catalog/coatings";
import { createListingService } from "../catalog/listing";
import { searchEngineFor } from "../search/index";
import { siteOrigin } from "../subscription/routes";
import { createKpService } from "./service";
import { diffVersions, listVersions, offerDocument } from "./document-data";
import { createKpImageLoader, KpRendererBusy, kpFileName, renderPdf, renderXlsx } from "./documents/index";
import { contentDisposition } from "../../contract/content-disposition";
import { KP_EXPORT_MIME, type KpDocument, type KpExportFormat } from "../../contract/index";
import { HttpError } from "../http/errors";

/** The documents' thread is full: the client tries again in a few seconds (ADR 052). */
export const RENDERER_BUSY = "Сейчас формируется много документов: попробуйте скачать через несколько секунд";
const RENDERER_RETRY_AFTER_S = 5;
import { createKpPublic } from "./public";
import { requireOfferEditor } from "./scope";

export function kpRoutes(deps: RouteDeps): Hono {
  const app = new Hono();
  const search = searchEngineFor(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const pricing = createCartPricing(deps.db, { onChange: deps.onChange, cacheTtlMs: deps.readCacheTtlMs });
  const now = () => deps.now?.() ?? new Date();
  const offers = createKpService(deps.db, { pricing, search, listing: createListingService(deps.db, search), now });
  const loadImages = createKpImageLoader(deps.db);
  // "Отправить клиенту" attaches the PDF of the version it sends (ADR 052's thread; the PDF dated by its version).
  const publicSide = createKpPublic(deps.db, deps.mailer, now, async (doc) => ({
    filename: kpFileName(doc, "pdf"),
    content: await renderPdf(doc, { images: await loadImages(doc), now: new Date(doc.createdAt) }),
  }));
  const coatings = createCoatingService(deps.db);
  const limits = deps.limits;
  const opts = { validateResponses: deps.validateResponses };

  route(app, endpoints.kpList, ({ query }, c) => offers.list(requireUser(c), query), opts);
  route(app, endpoints.kpRead, ({ params }, c) => offers.read(requireUser(c), params.id), opts);
  route(app, endpoints.kpCreate, ({ body }, c) => offers.create(requireUser(c), body), opts);
  route(app, endpoints.kpUpdate, ({ params, body }, c) => offers.update(requireUser(c), params.id, body), opts);
  route(app, endpoints.kpDelete, ({ params }, c) => offers.remove(requireUser(c), params.id), opts);
  route(app, endpoints.kpCopy, ({ params }, c) => offers.copy(requireUser(c), params.id), opts);
  route(app, endpoints.kpActivate, ({ params }, c) => offers.setActive(requireUser(c), params.id, true), opts);
  route(app, endpoints.kpDeactivate, ({ params }, c) => offers.setActive(requireUser(c), params.id, false), opts);
  route(app, endpoints.kpFavorite, ({ params }, c) => offers.favorite(requireUser(c), params.id, params.action === "add"), opts);
  route(app, endpoints.kpFilter, ({ params, query }, c) => offers.filterOptions(requireUser(c), params.x, query), opts);

  route(app, endpoints.kpCalculate, ({ body }, c) => offers.calculate(requireUser(c), body), opts);
  route(app, endpoints.kpPrintCalculate, ({ body }, c) => {
    requireOfferEditor(requireUser(c));
    return coatings.recalculate(body);
  }, opts);
  route(app, endpoints.kpProduct, ({ params, query }, c) => offers.product(requireUser(c), params.id, query.sku), opts);
  route(app, endpoints.kpSearchProduct, ({ query }, c) => offers.searchProduct(requireUser(c), query), opts);
  route(app, endpoints.kpCategoryList, (_, c) => offers.categories(requireUser(c)), opts);

  route(app, endpoints.kpClientList, (_, c) => offers.clients(requireUser(c)), opts);
  route(app, endpoints.kpClientCreate, ({ body }, c) => offers.createClient(requireUser(c), body), opts);
  route(app, endpoints.kpClientRepresentativeList, ({ params }, c) => offers.representatives(requireUser(c), params.id), opts);
  route(app, endpoints.kpRepresentativeCreate, ({ params, body }, c) => offers.createRepresentative(requireUser(c), params.id, body), opts);
  route(app, endpoints.kpClientPurposeList, ({ params }, c) => offers.purposes(requireUser(c), params.id), opts);
  route(app, endpoints.kpPurposeCreate, ({ params, body }, c) => offers.createPurpose(requireUser(c), params.id, body), opts);
  route(app, endpoints.commercialOfferDelayList, (_, c) => {
    requireUser(c);
    return offers.delays();
  }, opts);

  // ADR 051: an export freezes a version (staff) or reads the latest sent one (a customer); 404
  // outside the caller's scope. The PDF's date is the version's, so one version is one set of bytes.
  /** A document's bytes as a download; the documents' thread full: 503 with Retry-After (ADR 052). */
  async function documentFile(c: Context, doc: KpDocument, format: KpExportFormat): Promise<Response> {
    let bytes: Buffer;
    try {
      bytes = format === "pdf" ? await renderPdf(doc, { images: await loadImages(doc), now: new Date(doc.createdAt) }) : await renderXlsx(doc);
    } catch (error) {
      if (!(error instanceof KpRendererBusy)) throw error;
      c.header("Retry-After", String(RENDERER_RETRY_AFTER_S));
      throw new HttpError(503, RENDERER_BUSY);
    }
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": KP_EXPORT_MIME[format],
        "Content-Length": String(bytes.byteLength),
        "Content-Disposition": contentDisposition(kpFileName(doc, format)),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }

  // ADR 051: an export freezes a version (staff) or reads the latest sent one (a customer); 404
  // outside the caller's scope. The PDF's date is the version's, so one version is one set of bytes.
  // Every export counts in the user's `kpExport` tier first (ADR 052 addendum): 429 past it.
  route(app, endpoints.kpExport, async ({ params }, c) => {
    const user = requireUser(c);
    await consumeForUser(c, limits, "kpExport", user.id);
    return documentFile(c, await offerDocument(deps.db, user, params.id, now()), params.format);
  }, opts);

  route(app, endpoints.kpSend, ({ params }, c) => publicSide.send(requireUser(c), params.id, siteOrigin(deps, c)), opts);
  route(app, endpoints.kpVersions, ({ params }, c) => listVersions(deps.db, requireUser(c), params.id), opts);
  route(app, endpoints.kpVersionDiff, ({ params, query }, c) => diffVersions(deps.db, requireUser(c), params.id, query.from, query.to), opts);

  // ADR 051: no login; per IP through the shared limiter (a read, so counted here, not as a write).
  route(app, endpoints.kpPublic, async ({ params }, c) => {
    await consumeForClient(c, limits, "kpPublic");
    return publicSide.view(params.id);
  }, opts);
  // The public page's «Скачать PDF» (ADR 054): the latest sent version's bytes, the same renderer
  // and file name as the export; counted in the page's own per-IP tier, before anything is drawn.
  route(app, endpoints.kpPublicPdf, async ({ params }, c) => {
    await consumeForClient(c, limits, "kpPublic");
    return documentFile(c, await publicSide.document(params.id), "pdf");
  }, opts);
  route(app, endpoints.kpPublicAccept, ({ params, body }) => publicSide.accept(params.id, body), opts);
  return app;
}
