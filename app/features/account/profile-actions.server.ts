/**
 * The /profile action, one intent per form (§3 profile, §4 phone and e-mail confirmation):
 * parse the form (features/account/forms.ts), call the API, answer field errors in Russian (§8).
 * Address changes go back to the page's address list (PRG); everything else answers its note.
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import {
  applyAddressChange,
  idOf,
  parseAddressForm,
  parseCodeForm,
  parseEmailForm,
  parsePasswordForm,
  parsePhoneForm,
  parseProfileForm,
  text,
  type AddressValues,
  type FieldErrors,
} from "./forms.ts";
import { actionFailure } from "./session.server.ts";
import { readImage } from "./image-intake.server.ts";
import { IMAGE_TYPES } from "./image-intake.ts";
import { moscowToday } from "#app/features/posts/post-date.ts";

export const PROFILE_INTENTS = ["profile", "avatar", "phone-set", "phone-confirm", "email-set", "password", "address-save", "address-delete", "address-default"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export interface ProfileAnswer {
  intent: ProfileIntent | null;
  ok: boolean;
  /** A note for the whole form: success, or the API's §8 message. */
  message: string | null;
  errors: FieldErrors;
  /** What was typed, shown again with the errors. */
  values: Record<string, string>;
  /** phone-set: where the code went and how long it is. */
  codeSentTo?: string;
  codeLength?: number;
  /** address-save: the address being edited (null = a new one) and its typed values. */
  addressId?: number | null;
  address?: AddressValues;
}

const answer = (intent: ProfileIntent | null, ok: boolean, rest: Partial<ProfileAnswer> = {}): ProfileAnswer => ({ intent, ok, message: null, errors: {}, values: {}, ...rest });

/** Where the page returns after an address change (the section, not the edit form). */
export const ADDRESSES_HREF = "/profile#addresses";

export async function profileAction(context: Pick<AppLoadContext, "api">, form: FormData, url: URL): Promise<ProfileAnswer> {
  const raw = text(form, "intent", 40);
  const intent = (PROFILE_INTENTS as readonly string[]).includes(raw) ? (raw as ProfileIntent) : null;
  const api = context.api;
  const fail = (result: { ok: false; error: Parameters<typeof actionFailure>[0] }, rest: Partial<ProfileAnswer> = {}) => {
    const { message, errors } = actionFailure(result.error, url);
    return answer(intent, false, { message, errors, ...rest });
  };

  switch (intent) {
    case "profile": {
      const values = { name: text(form, "name", 300), birthdate: text(form, "birthdate", 20) };
      const parsed = parseProfileForm(form, moscowToday());
      if (!parsed.ok) return answer(intent, false, { errors: parsed.errors, values });
      const result = await api.call(endpoints.profileUpdate, { body: parsed.value });
      return result.ok ? answer(intent, true, { message: "Данные сохранены" }) : fail(result, { values });
    }
    case "avatar": {
      const image = await readImage(form, "avatar", IMAGE_TYPES);
      if (!image.ok) return answer(intent, false, { errors: { avatar: image.error } });
      if (!image.file) return answer(intent, false, { errors: { avatar: "Выберите изображение" } });
      const result = await api.call(endpoints.changeAvatar, { body: { avatar: image.file } });
      return result.ok ? answer(intent, true, { message: "Фото обновлено" }) : fail(result);
    }
    case "phone-set": {
      const values = { phone: text(form, "phone", 40) };
      const parsed = parsePhoneForm(form);
      if (!parsed.ok) return answer(intent, false, { errors: parsed.errors, values });
      const result = await api.call(endpoints.phoneSet, { body: parsed.value });
      if (!result.ok) return fail(result, { values });
      return answer(intent, true, { codeSentTo: parsed.value.phone, codeLength: result.data.codeLength, values: { phone: parsed.value.phone } });
    }
    case "phone-confirm": {
      // The phone the code went to travels with the code form, so a wrong code keeps that form.
      const phone = parsePhoneForm(form);
      const codeSentTo = phone.ok ? phone.value.phone : undefined;
      const codeLength = Math.min(6, Math.max(4, Number(text(form, "codeLength", 2)) || 6));
      const parsed = parseCodeForm(form);
      if (!parsed.ok) return answer(intent, false, { errors: parsed.errors, codeSentTo, codeLength });
      const result = await api.call(endpoints.phoneConfirm, { body: parsed.value });
      if (!result.ok) return fail(result, { codeSentTo, codeLength });
      return answer(intent, true, { message: "Телефон подтверждён" });
    }
    case "email-set": {
      const values = { email: text(form, "email", 400).trim() };
      const parsed = parseEmailForm(form);
      if (!parsed.ok) return answer(intent, false, { errors: parsed.errors, values });
      const result = await api.call(endpoints.emailSet, { body: parsed.value });
      if (!result.ok) return fail(result, { values });
      return answer(intent, true, { message: `Мы отправили ссылку на ${parsed.value.email}. Перейдите по ней, чтобы подтвердить адрес.`, values });
    }
    case "password": {
      const parsed = parsePasswordForm(form);
      if (!parsed.ok) return answer(intent, false, { errors: parsed.errors });
      const result = await api.call(endpoints.changePassword, { body: parsed.value });
      if (!result.ok) return fail(result);
      // Every session ended with the change, this one too: it goes on with the pair the API answered.
      api.adoptTokens(result.data.authenticated);
      return answer(intent, true, { message: "Пароль изменён" });
    }
    case "address-save":
    case "address-delete":
    case "address-default": {
      const id = idOf(form.get("id"));
      const parsed = intent === "address-save" ? parseAddressForm(form) : null;
      const rest = { addressId: id, address: parsed?.values };
      if (parsed && !parsed.ok) return answer(intent, false, { errors: parsed.errors, ...rest });
      if (intent !== "address-save" && id === null) return answer(intent, false, { message: "Адрес не найден. Обновите страницу.", ...rest });
      const current = await api.call(endpoints.shipmentAddressList);
      if (!current.ok) return fail(current, rest);
      const change =
        parsed?.ok ? { kind: "save" as const, id, address: parsed.value } : intent === "address-delete" ? { kind: "delete" as const, id: id! } : { kind: "default" as const, id: id! };
      const next = applyAddressChange(current.data, change);
      if (!next.ok) return answer(intent, false, { message: next.message, ...rest });
      const result = await api.call(endpoints.shipmentAddressUpdate, { body: { addresses: next.list } });
      if (!result.ok) return fail(result, { ...rest, errors: addressFieldErrors(result.error.errors) });
      throw redirect(ADDRESSES_HREF);
    }
    default:
      return answer(null, false, { message: "Форма устарела. Обновите страницу и попробуйте ещё раз." });
  }
}

/** The update call's errors name fields as "addresses.3.city": the field part is what the form shows. */
export function addressFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) out[key.split(".").pop() ?? key] ??= message;
  return out;
}
