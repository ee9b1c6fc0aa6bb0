/** /profile's forms: personal data, photo, phone, e-mail, password, and the §6 verified status. */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { PhoneInput, formatPhone } from "#app/lib/mask.tsx";
import { BIRTHDATE_MIN, NAME_MAX, PASSWORD_MIN, formatBirthdate, missingForVerified } from "./forms.ts";
import { FieldError, FormMessage, TextField } from "./form-parts.tsx";
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
export function SubmitButton({ intent, children, busy, className = "button button--primary" }: { intent: string; children: ReactNode; busy: string; className?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={sending}>
      {sending ? busy : children}
    </button>
  );
}

export function ProfileSections({ user, today, answer }: { user: ProfileUser; today: string; answer: ProfileAnswer | null }) {
  const mine = (intent: ProfileIntent) => (answer?.intent === intent ? answer : null);
  const missing = missingForVerified(user);
  const verified = missing.length === 0;
  const profile = mine("profile");
  const avatar = mine("avatar");
  const password = mine("password");
  const email = mine("email-set");

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
        <Form method="post" noValidate className="account-form" key={`${user.name}|${user.birthdate}`} preventScrollReset>
          <TextField scope="profile" name="name" label="Имя" defaultValue={profile?.values.name ?? user.name ?? ""} error={profile?.errors.name} autoComplete="name" maxLength={NAME_MAX} required />
          <TextField
            scope="profile"
            name="birthdate"
            type="date"
            label="Дата рождения"
            defaultValue={profile?.values.birthdate ?? user.birthdate ?? ""}
            error={profile?.errors.birthdate}
            min={BIRTHDATE_MIN}
            max={today}
            autoComplete="bday"
            hint={user.birthdate ? <>Сейчас указано: <span data-testid="birthdate-shown">{formatBirthdate(user.birthdate)}</span></> : "Необязательно"}
          />
          <FormMessage ok={Boolean(profile?.ok)} message={profile?.message} testId="profile-message" />
          <SubmitButton intent="profile" busy="Сохраняем…">
            Сохранить
          </SubmitButton>
        </Form>
      </section>

      <section className="account-card" aria-labelledby="avatar-title">
        <h2 id="avatar-title">Фото</h2>
        <Form method="post" noValidate encType="multipart/form-data" className="account-form" preventScrollReset>
          <ImageField id="avatar-file" name="avatar" label="Изображение PNG, JPEG или WebP, до 5 МБ" required error={avatar?.errors.avatar} />
          <FormMessage ok={Boolean(avatar?.ok)} message={avatar?.message} testId="avatar-message" />
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
        <Form method="post" noValidate className="account-form" preventScrollReset>
          <TextField
            scope="email"
            name="email"
            type="email"
            label={user.email ? "Новый e-mail" : "E-mail"}
            defaultValue={email?.values.email ?? ""}
            error={email?.errors.email}
            autoComplete="email"
            maxLength={320}
            required
          />
          <FormMessage ok={Boolean(email?.ok)} message={email?.message} testId="email-message" />
          <SubmitButton intent="email-set" busy="Отправляем…">
            Отправить ссылку для подтверждения
          </SubmitButton>
        </Form>
      </section>

      <section className="account-card" aria-labelledby="password-title">
        <h2 id="password-title">Пароль</h2>
        <Form method="post" noValidate className="account-form" key={password?.ok ? "changed" : "form"} preventScrollReset>
          <TextField
            scope="password"
            name="currentPassword"
            type="password"
            label="Текущий пароль"
            error={password?.errors.currentPassword}
            autoComplete="current-password"
            maxLength={128}
            hint="Если вы входили только по коду из SMS, оставьте поле пустым"
          />
          <TextField
            scope="password"
            name="newPassword"
            type="password"
            label="Новый пароль"
            error={password?.errors.newPassword}
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={128}
            required
            hint={`Не короче ${PASSWORD_MIN} символов`}
          />
          <TextField
            scope="password"
            name="newPasswordRepeat"
            type="password"
            label="Новый пароль ещё раз"
            error={password?.errors.newPasswordRepeat}
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={128}
            required
          />
          <FormMessage ok={Boolean(password?.ok)} message={password?.message} testId="password-message" />
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
  const set = answer?.intent === "phone-set" ? answer : null;
  const confirm = answer?.intent === "phone-confirm" ? answer : null;
  // The code form stays while a code is pending: after "send", and after a wrong code.
  const pending = (set?.ok && set.codeSentTo) || (confirm && !confirm.ok && confirm.codeSentTo) ? (set?.codeSentTo ?? confirm?.codeSentTo ?? "") : "";
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
      <FormMessage ok={Boolean(confirm?.ok)} message={confirm?.ok ? confirm.message : null} testId="phone-message" />
      {pending ? (
        <Form method="post" noValidate className="account-form" preventScrollReset key={`code-${pending}`}>
          <p className="account-message account-message--ok" role="status">
            Мы отправили код на {formatPhone(pending)}. Введите его ниже.
          </p>
          <input type="hidden" name="phone" value={pending} />
          <input type="hidden" name="codeLength" value={codeLength} />
          <TextField
            scope="phone"
            name="code"
            label="Код из SMS"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{4,6}"
            maxLength={6}
            error={confirm?.errors.code}
            required
            autoFocus
          />
          <FormMessage ok={false} message={confirm && !confirm.ok && !confirm.errors.code ? confirm.message : null} />
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
        <Form method="post" noValidate className="account-form" preventScrollReset>
          <div className="field account-field">
            <label className="field__label" htmlFor="phone-phone">
              {user.phone ? (user.phoneVerified ? "Новый телефон" : "Телефон") : "Телефон"}
            </label>
            <PhoneInput
              className="field__input"
              id="phone-phone"
              name="phone"
              defaultValue={set?.values.phone ?? (user.phoneVerified ? "" : (user.phone ?? ""))}
              required
              aria-invalid={set?.errors.phone ? true : undefined}
              aria-describedby={set?.errors.phone ? "phone-phone-error" : undefined}
            />
            <FieldError id="phone-phone-error" error={set?.errors.phone} />
          </div>
          <FormMessage ok={false} message={set && !set.ok && !set.errors.phone ? set.message : null} testId="phone-set-message" />
          <SubmitButton intent="phone-set" busy="Отправляем…">
            Получить код
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
