/**
 * The /profile action, one intent per form (§3 profile, §4 phone and e-mail confirmation):
 * parse the form (features/account/forms.ts), call the API, answer field errors in Russian (§8).
 * Address changes go back to the page's address list (PRG); everything else answers its note.
 */
import { redirect, type AppLoadContext } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { endpoints } from "#contract/index.ts";
import { boundedForm, parseForm, refuse, type ParsedForm } from "#app/lib/forms.server.ts";
import { formFailure, type FormReply } from "#app/lib/forms.ts";
import { applyAddressChange, idOf, type FieldErrors } from "./forms.ts";
import { AddressForm, CodeForm, EmailForm, PasswordForm, PhoneForm, profileForm } from "./profile-schemas.server.ts";
import { actionFailure } from "./session.server.ts";
import { readImage } from "./image-intake.server.ts";
import { IMAGE_TYPES } from "./image-intake.ts";
import { moscowToday } from "#app/features/posts/post-date.ts";

export const PROFILE_INTENTS = ["profile", "avatar", "phone-set", "phone-confirm", "email-set", "password", "address-save", "address-delete", "address-default"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** The action's answer: Conform's reply for the form it came from (ADR 046), with what that form needs. */
export type ProfileAnswer = FormReply & {
  formIntent: ProfileIntent | null;
  /** A success note for the form ("Данные сохранены"). */
  note?: string;
  /** phone-set / phone-confirm: where the code went and how long it is. */
  codeSentTo?: string;
  codeLength?: number;
  /** address-*: the address acted on (null = a new one). */
  addressId?: number | null;
};

/** Where the page returns after an address change (the section, not the edit form). */
export const ADDRESSES_HREF = "/profile#addresses";

/** Fields never given back to the page. */
const SECRETS = ["currentPassword", "newPassword", "newPasswordRepeat", "code"];

export async function profileAction(context: Pick<AppLoadContext, "api">, posted: FormData, url: URL): Promise<ProfileAnswer> {
  const raw = posted.get("intent");
  const intent = (PROFILE_INTENTS as readonly unknown[]).includes(raw) ? (raw as ProfileIntent) : null;
  const api = context.api;
  const form = boundedForm(posted, { max: 600, files: intent === "avatar" });
  const reply = (body: FormReply, rest: Partial<ProfileAnswer> = {}): ProfileAnswer => ({ ...body, formIntent: intent, ...rest });
  const parse = <S extends $ZodType>(schema: S) => parseForm(form, schema);
  const fail = <S extends $ZodType>(submission: ParsedForm<S>, result: { ok: false; error: Parameters<typeof actionFailure>[0] }, rest: Partial<ProfileAnswer> = {}, fieldMap = (e: FieldErrors) => e) => {
    const { message, errors } = actionFailure(result.error, url);
    return reply(refuse(submission, message, fieldMap(errors), SECRETS), rest);
  };
  const refused = <S extends $ZodType>(submission: ParsedForm<S>, rest: Partial<ProfileAnswer> = {}) => reply(refuse(submission, null, {}, SECRETS), rest);

  switch (intent) {
    case "profile": {
      const submission = parse(profileForm(moscowToday()));
      if (submission.status !== "success") return refused(submission);
      const result = await api.call(endpoints.profileUpdate, { body: submission.value });
      return result.ok ? reply(submission.reply(), { note: "Данные сохранены" }) : fail(submission, result);
    }
    case "avatar": {
      const image = await readImage(posted, "avatar", IMAGE_TYPES);
      if (!image.ok) return reply({ status: "error", error: { avatar: [image.error] } });
      if (!image.file) return reply({ status: "error", error: { avatar: ["Выберите изображение"] } });
      const result = await api.call(endpoints.changeAvatar, { body: { avatar: image.file } });
      if (result.ok) return reply({ status: "success" }, { note: "Фото обновлено" });
      const { message, errors } = actionFailure(result.error, url);
      return reply(formFailure(message, errors));
    }
    case "phone-set": {
      const submission = parse(PhoneForm);
      if (submission.status !== "success") return refused(submission);
      const result = await api.call(endpoints.phoneSet, { body: submission.value });
      if (!result.ok) return fail(submission, result);
      return reply(submission.reply(), { codeSentTo: submission.value.phone, codeLength: result.data.codeLength });
    }
    case "phone-confirm": {
      // The phone the code went to travels with the code form, so a wrong code keeps that form.
      const phone = parse(PhoneForm);
      const codeSentTo = phone.status === "success" ? phone.value.phone : undefined;
      const codeLength = Math.min(6, Math.max(4, Number(form.get("codeLength")) || 6));
      const submission = parse(CodeForm);
      if (submission.status !== "success") return refused(submission, { codeSentTo, codeLength });
      const result = await api.call(endpoints.phoneConfirm, { body: submission.value });
      if (!result.ok) return fail(submission, result, { codeSentTo, codeLength });
      return reply(submission.reply({ resetForm: true }), { note: "Телефон подтверждён" });
    }
    case "email-set": {
      const submission = parse(EmailForm);
      if (submission.status !== "success") return refused(submission);
      const result = await api.call(endpoints.emailSet, { body: submission.value });
      if (!result.ok) return fail(submission, result);
      return reply(submission.reply(), { note: `Мы отправили ссылку на ${submission.value.email}. Перейдите по ней, чтобы подтвердить адрес.` });
    }
    case "password": {
      const submission = parse(PasswordForm);
      if (submission.status !== "success") return refused(submission);
      const result = await api.call(endpoints.changePassword, { body: submission.value });
      if (!result.ok) return fail(submission, result);
      // Every session ended with the change, this one too: it goes on with the pair the API answered.
      api.adoptTokens(result.data.authenticated);
      return reply(submission.reply({ resetForm: true }), { note: "Пароль изменён" });
    }
    case "address-save":
    case "address-delete":
    case "address-default": {
      const id = idOf(form.get("id"));
      const rest = { addressId: id };
      const submission = intent === "address-save" ? parse(AddressForm) : null;
      if (submission && submission.status !== "success") return refused(submission, rest);
      // An id that is not an id (junk, a huge number) names no address: nothing is added in its place.
      if ((intent !== "address-save" && id === null) || (form.get("id") !== null && id === null)) return reply(formFailure("Адрес не найден. Обновите страницу."), rest);
      const current = await api.call(endpoints.shipmentAddressList);
      if (!current.ok) return reply(formFailure(actionFailure(current.error, url).message), rest);
      const change =
        submission?.status === "success" ? { kind: "save" as const, id, address: submission.value } : intent === "address-delete" ? { kind: "delete" as const, id: id! } : { kind: "default" as const, id: id! };
      const next = applyAddressChange(current.data, change);
      if (!next.ok) return submission ? reply(refuse(submission, next.message), rest) : reply(formFailure(next.message), rest);
      const result = await api.call(endpoints.shipmentAddressUpdate, { body: { addresses: next.list } });
      if (!result.ok) {
        if (submission) return fail(submission, result, rest, addressFieldErrors);
        return reply(formFailure(actionFailure(result.error, url).message), rest);
      }
      throw redirect(ADDRESSES_HREF);
    }
    default:
      return reply(formFailure("Форма устарела. Обновите страницу и попробуйте ещё раз."));
  }
}

/** The update call's errors name fields as "addresses.3.city": the field part is what the form shows. */
export function addressFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) out[key.split(".").pop() ?? key] ??= message;
  return out;
}
