/** The image intake's rules, shared by its field (image-intake.tsx) and its server helper. */
export { ACCOUNT_IMAGE_MAX_BYTES as IMAGE_MAX_BYTES, ACCOUNT_UPLOAD_MESSAGE as IMAGE_TOO_BIG } from "./upload-limit.ts";

/** The avatar and the logo: PNG, JPEG or WebP (the API refuses SVG: it can carry scripts). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** "PNG, JPEG, WEBP" for a message. */
export function imageTypesText(types: readonly string[]): string {
  return types.map((t) => t.replace("image/", "").replace("svg+xml", "SVG").toUpperCase()).join(", ");
}
