/**
 * The account pages' upload bound (server/body-limit.ts UPLOAD_RULES): a photo or a company logo
 * of at most 5 MB (contract AvatarForm, MAX_LOGO_BYTES) plus the company form's text fields and the
 * multipart envelope. A bigger body is refused before it is read, with this text.
 */
export const ACCOUNT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ACCOUNT_UPLOAD_LIMIT = ACCOUNT_IMAGE_MAX_BYTES + 64 * 1024;
export const ACCOUNT_UPLOAD_MESSAGE = "Файл больше 5 МБ: выберите изображение поменьше";
