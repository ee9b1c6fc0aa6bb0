/**
 * The one image intake of the account pages (ADR 046), server side: the avatar (/profile) and
 * a company's logo (/profile/companies) are read here. None chosen (a browser sends an empty,
 * nameless part) is null; otherwise the file, checked by size and by its first bytes (not only its
 * declared type), or the field's Russian error. The API checks the picture again (sharp).
 */
import { ACCOUNT_IMAGE_MAX_BYTES, ACCOUNT_UPLOAD_MESSAGE } from "./upload-limit.ts";
import { IMAGE_TYPES, imageTypesText } from "./image-intake.ts";

export type ImageRead = { ok: true; file: File | null } | { ok: false; error: string };

export async function readImage(form: FormData, name: string, types: readonly string[] = IMAGE_TYPES): Promise<ImageRead> {
  const value = form.get(name);
  if (value === null || typeof value === "string" || (value.size === 0 && !value.name)) return { ok: true, file: null };
  if (value.size === 0) return { ok: false, error: "Файл пустой" };
  if (value.size > ACCOUNT_IMAGE_MAX_BYTES) return { ok: false, error: ACCOUNT_UPLOAD_MESSAGE };
  const kind = sniffImage(new Uint8Array(await value.slice(0, 512).arrayBuffer()));
  if (!kind || !types.includes(kind)) return { ok: false, error: `Можно загрузить только изображение: ${imageTypesText(types)}` };
  return { ok: true, file: value.type === kind ? value : new File([value], value.name || "image", { type: kind }) };
}

/** The image type by its signature ("magic bytes"), or null. */
export function sniffImage(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) return "image/webp";
  const start = new TextDecoder().decode(head).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  if (start.startsWith("<svg") || (start.startsWith("<?xml") && start.includes("<svg"))) return "image/svg+xml";
  return null;
}
