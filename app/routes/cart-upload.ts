/**
 * POST /cart/upload: a layout for the cart (pictures and PDF) or requisites, multipart, one file
 * → /api/file/upload through the server's API client. Its own body limit (server.ts, 21 MiB: the
 * 20 MB file plus the form's envelope). GET has nothing to show: the §2 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/cart-upload";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { uploadFile, UPLOAD_MISSING_MESSAGE, type UploadResult } from "#app/features/cart/cart.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const result: UploadResult = form
    ? await uploadFile(context, form.get("file"), form.get("kind") === "requisites" ? "requisites" : "layout")
    : { ok: false, error: UPLOAD_MISSING_MESSAGE };
  return data(result, { status: result.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export function loader({ url }: Route.LoaderArgs) {
  throw data(pageNotFoundMessage(url.pathname), { status: 404 });
}
