/**
 * Account calls of §7 "Profile": the user (§3 User), delivery addresses, legal companies
 * (form data), avatar, phone / e-mail confirmation and password change. All need the token (§6).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { IdParams, Success, email, id, isoDate, isoDateTime, phone, url } from "./common.ts";
import { INN_MISSING, requisitesProblems, type RequisitesField, type RequisitesInput } from "./requisites.ts";

const REQUISITES_FIELDS: readonly RequisitesField[] = ["inn", "ogrn", "kpp", "bik", "checkingAccount", "correspondentAccount"];

/** §6 roles. */
export const Role = z.enum(["ROLE_USER", "ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"]);
export type Role = z.infer<typeof Role>;

/** A staff member as shown to clients: the personal manager, the order-form manager picker, KP authors. */
export const Manager = z.object({
  id: id(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: url().nullable(),
});
export type Manager = z.infer<typeof Manager>;

/**
 * §3 User. "Verified" (§6) = phoneVerified && activated. `birthdate` is YYYY-MM-DD; the dd-mm-yyyy
 * form of §3 is derived by the client.
 */
export const User = z.object({
  id: id(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  activated: z.boolean(),
  name: z.string().nullable(),
  birthdate: isoDate().nullable(),
  avatar: url().nullable(),
  roles: z.array(Role).min(1),
  /** The manager serving this client (orders, KP); null when none is assigned. */
  manager: Manager.nullable(),
  createdAt: isoDateTime(),
});
export type User = z.infer<typeof User>;

/**
 * A person's name (sign-up, profile): 1–255 characters after trimming, one line, no control
 * characters (a name must not add lines to a letter or a document).
 */
export const personName = () =>
  z
    .string("Укажите имя")
    .trim()
    .min(1, "Укажите имя")
    .max(255, "Имя: не больше 255 символов")
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, "Имя: без служебных символов и переносов строк");

/** PATCH semantics: only the sent fields change. E-mail and phone change through their own confirm flows. */
export const ProfileUpdateRequest = z.object({
  name: personName().optional(),
  birthdate: isoDate()
    .refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), "Проверьте дату рождения")
    .nullable()
    .optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/**
 * §3 "Shipment address list: fields not shown" — designed (issue 19): city, street, house, flat,
 * postcode and a comment for the courier, plus a default flag. `address` is the whole address as
 * one line, built by the server from the parts (orders and lists show it).
 */
export const ShipmentAddress = z.object({
  id: id(),
  address: z.string(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
  flat: z.string().nullable(),
  postcode: z.string().nullable(),
  comment: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ShipmentAddress = z.infer<typeof ShipmentAddress>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * §7 has one "update" call and no id in its path, so it replaces the whole list: entries with an id
 * are kept/edited, entries without one are created, missing ones are deleted. At most one default.
 */
export const ShipmentAddressInput = z.object({
  id: id().optional(),
  city: z.string().trim().min(2, "Укажите город").max(100),
  street: z.string().trim().min(2, "Укажите улицу").max(200),
  house: z.string().trim().min(1, "Укажите дом").max(30),
  flat: optionalText(30),
  postcode: z.union([z.literal(""), z.string().trim().regex(/^\d{6}$/, "Индекс: 6 цифр")]).nullable().optional(),
  comment: optionalText(500),
  isDefault: z.boolean().default(false),
});
export type ShipmentAddressInput = z.input<typeof ShipmentAddressInput>;

export const MAX_SHIPMENT_ADDRESSES = 20;

export const ShipmentAddressUpdateRequest = z.object({
  addresses: z
    .array(ShipmentAddressInput)
    .max(MAX_SHIPMENT_ADDRESSES, `Не больше ${MAX_SHIPMENT_ADDRESSES} адресов`)
    .refine((list) => list.filter((a) => a.isDefault).length <= 1, "Только один адрес может быть основным"),
});
export type ShipmentAddressUpdateRequest = z.input<typeof ShipmentAddressUpdateRequest>;

/** §3 legal company. `image` is the company logo/stamp; `isOwn` marks the shop's own companies (legal/our). */
export const LegalCompany = z.object({
  id: id(),
  image: url().nullable(),
  isOwn: z.boolean(),
  shortTitle: z.string(),
  inn: z.string(),
  ogrn: z.string().nullable(),
  kpp: z.string().nullable(),
  bik: z.string().nullable(),
  bankTitle: z.string().nullable(),
  checkingAccount: z.string().nullable(),
  correspondentAccount: z.string().nullable(),
  signerFullName: z.string().nullable(),
  signerPosition: z.string().nullable(),
  address: z.string().nullable(),
});
export type LegalCompany = z.infer<typeof LegalCompany>;

const text = (max: number) => z.string().trim().max(max).optional();
/** A requisite as typed: its format and checksum are checked by `requisitesProblems` below. */
const requisite = () => z.string().trim().optional();

/** Companies one user may keep (legal/create answers 400 beyond it). */
export const MAX_LEGAL_COMPANIES = 20;

export const LOGO_TYPE_MESSAGE = "Логотип: изображение PNG, JPEG или WebP";
export const LOGO_SIZE_MESSAGE = "Логотип: не больше 5 МБ";
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/**
 * §3: legal companies travel as form data; `image` (the logo) is optional and omitted from an
 * update when null (the current one stays). A form sent without a chosen file carries an empty,
 * nameless part (or an empty string): that is "no image" too. Beyond the claimed type checked
 * here, the API checks the picture by its bytes (sharp) and refuses SVG (it can carry scripts).
 *
 * Requisites (issue 19) are checked by their checksums with contract/requisites.ts, the same
 * functions the browser runs, and each message lands on its own field: ИНН 10/12 digits, ОГРН 13 /
 * ОГРНИП 15, КПП 9, БИК 9, расчётный and корреспондентский счёт 20 digits against the БИК. Empty
 * optional fields are "not given" (form data has no null).
 */
export const LegalCompanyForm = z
  .object({
    image: z
      .union([
        z.literal(""),
        z
          .file()
          .refine((file) => file.size === 0 || (LOGO_MIME_TYPES as readonly string[]).includes(file.type), LOGO_TYPE_MESSAGE)
          .refine((file) => file.size <= MAX_LOGO_BYTES, LOGO_SIZE_MESSAGE),
      ])
      .optional(),
    shortTitle: z.string({ error: "Укажите название" }).trim().min(1, "Укажите название").max(255),
    inn: z.string({ error: INN_MISSING }).trim(),
    ogrn: requisite(),
    kpp: requisite(),
    bik: requisite(),
    bankTitle: text(255),
    checkingAccount: requisite(),
    correspondentAccount: requisite(),
    signerFullName: text(255),
    signerPosition: text(255),
    address: text(500),
  })
  .superRefine((form, ctx) => {
    // Only string values are checked here: a wrong type already has its own issue on the field.
    const input: RequisitesInput = {};
    for (const field of REQUISITES_FIELDS) {
      const value: unknown = form[field];
      if (typeof value === "string") input[field] = value;
    }
    const problems = requisitesProblems(input);
    for (const field of REQUISITES_FIELDS) {
      const message = problems[field];
      if (message && field in input) ctx.addIssue({ code: "custom", path: [field], message, input: input[field] });
    }
  });
export type LegalCompanyForm = z.input<typeof LegalCompanyForm>;

/** Avatar upload: PNG, JPEG or WebP up to 5 MB; stored as a 256×256 WebP (api/auth/avatar.ts). */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** The multipart body of change_avatar at most: the file and the form's overhead. */
export const AVATAR_BODY_LIMIT = MAX_AVATAR_BYTES + 64 * 1024;
export const AVATAR_SIZE_MESSAGE = "Фото не больше 5 МБ";
export const AVATAR_TYPE_MESSAGE = "Можно загрузить фото в формате PNG, JPEG или WebP";
export const AVATAR_SIZE_PX = 256;

export const AvatarForm = z.object({
  avatar: z
    .file(AVATAR_TYPE_MESSAGE)
    .mime(["image/png", "image/jpeg", "image/webp"], AVATAR_TYPE_MESSAGE)
    .max(MAX_AVATAR_BYTES, AVATAR_SIZE_MESSAGE),
});
export type AvatarForm = z.input<typeof AvatarForm>;

/** Answer to a "send me a code" call (phone set, SMS login): when the next code may be requested. */
export const CodeSent = z.object({
  success: z.boolean(),
  /** Seconds until another code may be requested. */
  resendIn: z.number().int().nonnegative(),
  codeLength: z.number().int().positive(),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const PhoneSetRequest = z.object({ phone: phone() });
export const PhoneConfirmRequest = z.object({ code: z.string().trim().regex(/^\d{4,6}$/, "Неверный код") });
export const EmailSetRequest = z.object({ email: email().max(254, "Слишком длинный e-mail") });
/** §4: the e-mail is confirmed by a token sent in a link (/email/confirm). */
export const EmailConfirmRequest = z.object({ token: z.string().min(1).max(512) });

/** Users who signed up by phone have no password yet, so the current one is optional. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().max(128).optional(),
  newPassword: z.string().min(8, "Пароль: не меньше 8 символов").max(128, "Пароль: не больше 128 символов"),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * A password change ends every session (issue 19); the one that changed it goes on with the new
 * token pair in `authenticated` (the storefront writes it to the auth cookie).
 */
export const ChangePasswordResult = Success.extend({
  authenticated: z.object({ token: z.string().min(1), refreshToken: z.string().min(1) }),
});
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;

const tag = "profile";

export const profileEndpoints = {
  profileGet: endpoint({
    id: "profileGet",
    method: "GET",
    path: "/profile",
    tag,
    summary: "Current user; called at start to restore the session (§4)",
    auth: true,
    timeout: "default",
    response: User,
  }),
  profileUpdate: endpoint({
    id: "profileUpdate",
    method: "PATCH",
    path: "/profile/update",
    tag,
    summary: "Update name and birthdate",
    auth: true,
    timeout: "default",
    body: ProfileUpdateRequest,
    response: User,
  }),
  shipmentAddressList: endpoint({
    id: "shipmentAddressList",
    method: "GET",
    path: "/profile/shipmentaddress/list",
    tag,
    summary: "Delivery addresses of the user",
    auth: true,
    timeout: "default",
    response: z.array(ShipmentAddress),
  }),
  shipmentAddressUpdate: endpoint({
    id: "shipmentAddressUpdate",
    method: "POST",
    path: "/profile/shipmentaddress/update",
    tag,
    summary: "Replace the delivery address list; answers the stored list",
    auth: true,
    timeout: "default",
    body: ShipmentAddressUpdateRequest,
    response: z.array(ShipmentAddress),
  }),
  legalMy: endpoint({
    id: "legalMy",
    method: "GET",
    path: "/profile/legal/my",
    tag,
    summary: "The user's own legal companies (ROLE_USER, §6)",
    auth: true,
    timeout: "default",
    response: z.array(LegalCompany),
  }),
  legalOur: endpoint({
    id: "legalOur",
    method: "GET",
    path: "/profile/legal/our",
    tag,
    summary: "The shop's own legal companies, loaded for staff roles (§6); ROLE_USER gets 403",
    auth: true,
    timeout: "default",
    response: z.array(LegalCompany),
  }),
  legalCreate: endpoint({
    id: "legalCreate",
    method: "POST",
    path: "/profile/legal/create",
    tag,
    summary: "Create a legal company (form data, §3)",
    auth: true,
    timeout: "default",
    bodyKind: "form",
    body: LegalCompanyForm,
    response: LegalCompany,
  }),
  legalUpdate: endpoint({
    id: "legalUpdate",
    method: "POST",
    path: "/profile/legal/update/{id}",
    tag,
    // ADR 035: the caller's own company (another's → 404); the shop's own companies by ROLE_ADMIN only (other staff 403).
    summary: "Update a legal company (form data; image omitted keeps the current one)",
    auth: true,
    timeout: "default",
    bodyKind: "form",
    params: IdParams,
    body: LegalCompanyForm,
    response: LegalCompany,
  }),
  legalDelete: endpoint({
    id: "legalDelete",
    method: "DELETE",
    path: "/profile/legal/delete/{id}",
    tag,
    summary: "Delete a legal company",
    auth: true,
    timeout: "default",
    params: IdParams,
    response: Success,
  }),
  changeAvatar: endpoint({
    id: "changeAvatar",
    method: "POST",
    path: "/profile/change_avatar",
    tag,
    summary: "Upload a new avatar (form data)",
    auth: true,
    timeout: "default",
    bodyKind: "form",
    body: AvatarForm,
    response: User,
  }),
  phoneSet: endpoint({
    id: "phoneSet",
    method: "POST",
    path: "/profile/phone/set",
    tag,
    summary: "Set a phone; a confirmation code is sent (§4)",
    auth: true,
    timeout: "default",
    body: PhoneSetRequest,
    response: CodeSent,
  }),
  phoneConfirm: endpoint({
    id: "phoneConfirm",
    method: "POST",
    path: "/profile/phone/confirm",
    tag,
    summary: "Confirm the phone with the code; answers the user with phoneVerified",
    auth: true,
    timeout: "default",
    body: PhoneConfirmRequest,
    response: User,
  }),
  changePassword: endpoint({
    id: "changePassword",
    method: "POST",
    path: "/profile/change_password",
    tag,
    summary: "Change the password; every other session ends, this one gets a new token pair",
    auth: true,
    timeout: "default",
    body: ChangePasswordRequest,
    response: ChangePasswordResult,
  }),
  emailSet: endpoint({
    id: "emailSet",
    method: "POST",
    path: "/profile/email/set",
    tag,
    summary: "Set an e-mail; a confirmation link is sent (§4)",
    auth: true,
    timeout: "default",
    body: EmailSetRequest,
    response: Success,
  }),
  emailConfirm: endpoint({
    id: "emailConfirm",
    method: "POST",
    path: "/profile/email/confirm",
    tag,
    summary: "Confirm the e-mail with the token from the link (the token alone identifies the user)",
    timeout: "default",
    body: EmailConfirmRequest,
    response: Success,
  }),
};
