/**
 * /profile's form schemas (ADR 046), read with Conform's `parseWithZod`: the contract's rules
 * (ShipmentAddressInput, PhoneConfirmRequest, EmailSetRequest, ChangePasswordRequest, one phone
 * rule) with the page's §8 words for a missing or wrong field. Transforms, not pipes (Conform's
 * empty-is-missing coercion rebuilds a pipe's inner schemas without their messages).
 */
import { z } from "zod";
import { ShipmentAddressInput } from "#contract/profile.ts";
import { normalizePhone } from "#contract/phone.ts";
import { emailProblem } from "#contract/subscription-rules.ts";
import { BIRTHDATE_MIN, NAME_MAX, PASSWORD_MIN, isCalendarDate } from "./forms.ts";
import { isoFromTypedDate } from "#app/lib/dates.ts";

/** Name and birthdate (PATCH /profile/update). An empty birthdate clears it; the name is required. */
export const profileForm = (today: string) =>
  z.object({
    name: z.string({ error: "Укажите имя" }).transform((value, ctx) => {
      const name = value.trim().replace(/\s+/g, " ");
      if (!name) ctx.addIssue({ code: "custom", message: "Укажите имя" });
      else if (name.length > NAME_MAX) ctx.addIssue({ code: "custom", message: `Не больше ${NAME_MAX} символов` });
      return name;
    }),
    birthdate: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const typed = (value ?? "").trim();
        if (!typed) return null;
        const date = isoFromTypedDate(typed) ?? typed;
        if (!isCalendarDate(date)) ctx.addIssue({ code: "custom", message: "Укажите дату рождения полностью: день, месяц и год" });
        else if (date > today) ctx.addIssue({ code: "custom", message: "Дата рождения не может быть в будущем" });
        else if (date < BIRTHDATE_MIN) ctx.addIssue({ code: "custom", message: "Проверьте год рождения" });
        return date;
      }),
  });

/** The phone to confirm, as the API stores it ("+79211234567"). */
const phone = () =>
  z.string({ error: "Укажите телефон" }).transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) ctx.addIssue({ code: "custom", message: value.trim() ? "Введите российский номер: +7 и 10 цифр" : "Укажите телефон" });
    return normalized ?? "";
  });
export const PhoneForm = z.object({ phone: phone() });

export const CodeForm = z.object({
  code: z.string({ error: "Введите код из SMS: 4–6 цифр" }).transform((value, ctx) => {
    const code = value.replace(/\s/g, "");
    if (!/^\d{4,6}$/.test(code)) ctx.addIssue({ code: "custom", message: "Введите код из SMS: 4–6 цифр" });
    return code;
  }),
});

export const EmailForm = z.object({
  email: z.string({ error: "Укажите e-mail" }).transform((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return value.trim();
  }),
});

/** Current + new password (twice). The current one may be empty: a phone sign-up has none yet. */
export const PasswordForm = z
  .object({
    currentPassword: z.string().max(128).optional(),
    newPassword: z
      .string({ error: `Пароль должен быть не короче ${PASSWORD_MIN} символов` })
      .min(PASSWORD_MIN, `Пароль должен быть не короче ${PASSWORD_MIN} символов`)
      .max(128, "Пароль слишком длинный: не больше 128 символов"),
    newPasswordRepeat: z.string().optional(),
  })
  .refine((form) => form.newPassword === form.newPasswordRepeat, { message: "Пароли не совпадают", path: ["newPasswordRepeat"] })
  .transform(({ currentPassword, newPassword }) => (currentPassword ? { currentPassword, newPassword } : { newPassword }));

/** One delivery address (ShipmentAddressInput), with the page's words for a missing field. */
export const AddressForm = z
  .object({
    // Every field optional here, so one missing field does not hide another's problem: the contract's schema below names them all.
    city: z.string().optional(),
    street: z.string().optional(),
    house: z.string().optional(),
    flat: z.string().max(30, "Не больше 30 символов").optional(),
    postcode: z.string().optional(),
    comment: z.string().max(500, "Не больше 500 символов").optional(),
    isDefault: z.string().optional(),
  })
  .transform((form, ctx) => {
    const parsed = ShipmentAddressInput.safeParse({
      city: form.city ?? "",
      street: form.street ?? "",
      house: form.house ?? "",
      flat: form.flat?.trim() || null,
      postcode: form.postcode?.trim() || null,
      comment: form.comment?.trim() || null,
      isDefault: form.isDefault === "on" || form.isDefault === "1",
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
