/** /profile's forms: personal data, photo, phone, e-mail, password, and the §6 verified status. */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { DateInput, PhoneInput, formatPhone } from "#app/lib/mask.tsx";
import { NAME_MAX, PASSWORD_MIN, formatBirthdate, missingForVerified } from "./forms.ts";
import { formatDateInput } from "#app/lib/dates.ts";
import { Field, FormMessage, useShopForm } from "#app/lib/form-fields.tsx";
import { fieldError, formMessage } from "#app/lib/forms.ts";
import { ImageField } from "./image-intake.tsx";
import type { ProfileAnswer, ProfileIntent } from "./profile-actions.server.ts";

export interface ProfileUser {
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  activated: boolean;
  birthdate: string | null;
  avatar: string | null;
}


/** The submit button of one intent: says it is working while that form is sent. */
/** Whether a reply refused its form. */
export const failed = (reply: ProfileAnswer | null) => reply?.status === "error";
/** A form's note: the success note, or the refusal's message above the form. */
export const noteOf = (reply: ProfileAnswer | null) => (reply ? (failed(reply) ? formMessage(reply) : (reply.note ?? null)) : null);

export function SubmitButton({ intent, children, busy, className = "button button--primary" }: { intent: string; children: ReactNode; busy: string; className?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={sending}>
      {sending ? busy : children}
    </button>
  );
}

export function ProfileSections({ user, answer }: { user: ProfileUser; answer: ProfileAnswer | null }) {
  const mine = (intent: ProfileIntent) => (answer?.formIntent === intent ? answer : null);
  const missing = missingForVerified(user);
  const verified = missing.length === 0;
  const profile = mine("profile");
  const avatar = mine("avatar");
  const password = mine("password");
  const email = mine("email-set");
  const profileForm = useShopForm<{ name: string; birthdate: string }>({ id: "profile", lastResult: profile, defaultValue: { name: user.name ?? "", birthdate: formatDateInput(user.birthdate) } });
  const emailForm = useShopForm<{ email: string }>({ id: "email", lastResult: email });
  const passwordForm = useShopForm<{ currentPassword: string; newPassword: string; newPasswordRepeat: string }>({ id: "password", lastResult: password });

  return (
    <>
      <section className="account-card profile-summary" aria-labelledby="profile-summary-title">
        {user.avatar ? (
          <img className="profile-summary__avatar" src={user.avatar} alt="Ваше фото" width={96} height={96} data-testid="avatar-image" />
        ) : (
          <span className="profile-summary__avatar profile-summary__avatar--empty" aria-hidden="true">
            {(user.name ?? user.email ?? "?").trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="profile-summary__text">
          <h2 id="profile-summary-title" className="profile-summary__name">
            {user.name || "Имя не указано"}
          </h2>
          {verified ? (
            <p className="status-badge status-badge--ok" data-testid="verified">
              Подтверждён
            </p>
          ) : (
            <div className="profile-summary__missing" data-testid="not-verified">
              <p className="status-badge status-badge--warn">Не подтверждён</p>
              <p>Чтобы аккаунт стал подтверждённым, {missing.join(" и ")}.</p>
            </div>
          )}
        </div>
      </section>

      <section className="account-card" aria-labelledby="personal-title">
        <h2 id="personal-title">Личные данные</h2>
        <Form method="post" className="account-form" key={`${user.name}|${user.birthdate}`} preventScrollReset {...profileForm.formProps}>
          <Field meta={profileForm.fields.name} label="Имя" autoComplete="name" maxLength={NAME_MAX} required />
          <Field
            meta={profileForm.fields.birthdate}
            label="Дата рождения"
            render={(props) => <DateInput className="field__input" autoComplete="bday" {...props} />}
            hint={user.birthdate ? <>Сейчас указано: <span data-testid="birthdate-shown">{formatBirthdate(user.birthdate)}</span></> : "Необязательно"}
          />
          <FormMessage ok={!failed(profile)} message={noteOf(profile)} testId="profile-message" />
          <SubmitButton intent="profile" busy="Сохраняем…">
            Сохранить
          </SubmitButton>
        </Form>
      </section>

      <section className="account-card" aria-labelledby="avatar-title">
        <h2 id="avatar-title">Фото</h2>
        <Form method="post" noValidate encType="multipart/form-data" className="account-form" preventScrollReset>
          <ImageField id="avatar-file" name="avatar" label="Изображение PNG, JPEG или WebP, до 5 МБ" required error={fieldError(avatar, "avatar")} />
          <FormMessage ok={!failed(avatar)} message={noteOf(avatar)} testId="avatar-message" />
          <SubmitButton intent="avatar" busy="Загружаем…">
            Загрузить фото
          </SubmitButton>
        </Form>
      </section>

      <PhoneSection user={user} answer={answer} />

      <section className="account-card" aria-labelledby="email-title">
        <h2 id="email-title">E-mail</h2>
        <p className="account-card__current">
          {user.email ? (
            <>
              {user.email}{" "}
              {user.emailVerified ? <span className="status-badge status-badge--ok">подтверждён</span> : <span className="status-badge status-badge--warn">не подтверждён</span>}
            </>
          ) : (
            "E-mail не указан"
          )}
        </p>
        <Form method="post" className="account-form" preventScrollReset {...emailForm.formProps}>
          <Field
            meta={emailForm.fields.email}
            type="email"
            label={user.email ? "Новый e-mail" : "E-mail"}
            autoComplete="email"
            maxLength={320}
            required
          />
          <FormMessage ok={!failed(email)} message={noteOf(email)} testId="email-message" />
          <SubmitButton intent="email-set" busy="Отправляем…">
            Отправить ссылку для подтверждения
          </SubmitButton>
        </Form>
      </section>

      <section className="account-card" aria-labelledby="password-title">
        <h2 id="password-title">Пароль</h2>
        <Form method="post" className="account-form" key={password && !failed(password) ? "changed" : "form"} preventScrollReset {...passwordForm.formProps}>
          <Field
            meta={passwordForm.fields.currentPassword}
            type="password"
            label="Текущий пароль"
            autoComplete="current-password"
            maxLength={128}
            hint="Если вы входили только по коду из SMS, оставьте поле пустым"
          />
          <Field
            meta={passwordForm.fields.newPassword}
            type="password"
            label="Новый пароль"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={128}
            required
            hint={`Не короче ${PASSWORD_MIN} символов`}
          />
          <Field
            meta={passwordForm.fields.newPasswordRepeat}
            type="password"
            label="Новый пароль ещё раз"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={128}
            required
          />
          <FormMessage ok={!failed(password)} message={noteOf(password)} testId="password-message" />
          <SubmitButton intent="password" busy="Сохраняем…">
            Сменить пароль
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}

/** §4: phone set → a code by SMS (or, with no SMS provider, in the server log) → confirm. */
function PhoneSection({ user, answer }: { user: ProfileUser; answer: ProfileAnswer | null }) {
  const set = answer?.formIntent === "phone-set" ? answer : null;
  const confirm = answer?.formIntent === "phone-confirm" ? answer : null;
  // The code form stays while a code is pending: after "send", and after a wrong code.
  const pending = (set && !failed(set) && set.codeSentTo) || (confirm && failed(confirm) && confirm.codeSentTo) ? (set?.codeSentTo ?? confirm?.codeSentTo ?? "") : "";
  const phoneForm = useShopForm<{ phone: string }>({ id: "phone", lastResult: set, defaultValue: { phone: user.phoneVerified ? "" : (user.phone ?? "") } });
  const codeForm = useShopForm<{ code: string }>({ id: "phone-confirm", lastResult: confirm });
  const codeLength = set?.codeLength ?? confirm?.codeLength ?? 6;
  return (
    <section className="account-card" aria-labelledby="phone-title">
      <h2 id="phone-title">Телефон</h2>
      <p className="account-card__current">
        {user.phone ? (
          <>
            {formatPhone(user.phone)}{" "}
            {user.phoneVerified ? (
              <span className="status-badge status-badge--ok" data-testid="phone-verified">
                подтверждён
              </span>
            ) : (
              <span className="status-badge status-badge--warn">не подтверждён</span>
            )}
          </>
        ) : (
          "Телефон не указан"
        )}
      </p>
      <FormMessage ok message={confirm && !failed(confirm) ? noteOf(confirm) : null} testId="phone-message" />
      {pending ? (
        <Form method="post" className="account-form" preventScrollReset key={`code-${pending}`} {...codeForm.formProps}>
          <p className="account-message account-message--ok" role="status">
            Мы отправили код на {formatPhone(pending)}. Введите его ниже.
          </p>
          <input type="hidden" name="phone" value={pending} />
          <input type="hidden" name="codeLength" value={codeLength} />
          <Field
            id="phone-code"
            errorTestId="error-phone-code-error"
            meta={codeForm.fields.code}
            label="Код из SMS"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{4,6}"
            maxLength={6}
            required
            autoFocus
          />
          <FormMessage message={fieldError(confirm, "code") ? null : formMessage(confirm)} />
          <div className="account-form__actions">
            <SubmitButton intent="phone-confirm" busy="Проверяем…">
              Подтвердить
            </SubmitButton>
            <SubmitButton intent="phone-set" busy="Отправляем…" className="button">
              Отправить код ещё раз
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <Form method="post" className="account-form" preventScrollReset {...phoneForm.formProps}>
          <Field
            meta={phoneForm.fields.phone}
            label={user.phone ? (user.phoneVerified ? "Новый телефон" : "Телефон") : "Телефон"}
            render={(props) => <PhoneInput className="field__input" required {...props} />}
          />
          <FormMessage message={fieldError(set, "phone") ? null : formMessage(set)} testId="phone-set-message" />
          <SubmitButton intent="phone-set" busy="Отправляем…">
            Получить код
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
