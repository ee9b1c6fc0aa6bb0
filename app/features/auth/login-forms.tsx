/**
 * The two ways in (§2, issue 19): e-mail + password, and phone + a code sent by SMS or a call.
 * The same forms on the /login page (without JavaScript: plain POSTs, the page comes back with
 * the errors or the code field) and in the header's dialog (fetchers, in place). Both post to the
 * /login action, which sets the HttpOnly cookies and redirects to /profile/cp (ADR 036).
 */
import { pluralRu } from "#contract/plural.ts";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { AppLink } from "#app/lib/navigation.tsx";
import { PhoneInput } from "#app/lib/mask.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { useShopForm } from "#app/lib/form-fields.tsx";
import { AuthField, EmailField, FormMessage, Honeypot } from "./auth-fields.tsx";
import {
  AUTH_FIELD,
  FORGOT_PASSWORD_PATH,
  LOGIN_INTENT,
  LOGIN_PATH,
  SIGNUP_PATH,
  formatPhone,
  type LoginAnswer,
  type SmsChannel,
} from "./auth-forms.ts";

export type LoginMethod = "email" | "phone";

export interface LoginFormsProps {
  /** Keeps the ids of the page's and the dialog's fields apart. */
  idPrefix: string;
  /** Where to go after login; null: /profile/cp (§2). */
  redirectTo: string | null;
  /** The action's answer of a POST without JavaScript (the page's actionData). */
  initial: LoginAnswer | null;
  method: LoginMethod;
  /** The dialog switches in place; without it the switch is a pair of links (`?by=phone`) that work without JavaScript. */
  onMethodChange?: (method: LoginMethod) => void;
}

/** The answer when it is a refusal of the form with this intent. */
function problemOf(answer: LoginAnswer | null | undefined, intent: LoginAnswer["formIntent"]): LoginAnswer | null {
  return answer && answer.status === "error" && answer.formIntent === intent ? answer : null;
}

/** A value the answer gives back as typed (never a password or a code). */
function typed(answer: LoginAnswer | null, name: string): string {
  const value = answer?.initialValue?.[name];
  return typeof value === "string" ? value : "";
}

export function LoginForms({ idPrefix, redirectTo, initial, method, onMethodChange }: LoginFormsProps) {
  return (
    <div className="auth-login">
      <MethodSwitch method={method} onMethodChange={onMethodChange} redirectTo={redirectTo} />
      {method === "email" ? (
        <EmailLogin idPrefix={idPrefix} redirectTo={redirectTo} initial={initial} />
      ) : (
        <PhoneLogin idPrefix={idPrefix} redirectTo={redirectTo} initial={initial} />
      )}
      <p className="auth-login__links">
        <AppLink to={FORGOT_PASSWORD_PATH}>Забыли пароль?</AppLink>
        <span>
          Нет аккаунта? <AppLink to={redirectTo ? `${SIGNUP_PATH}?redirectTo=${encodeURIComponent(redirectTo)}` : SIGNUP_PATH}>Зарегистрироваться</AppLink>
        </span>
      </p>
    </div>
  );
}

function MethodSwitch({ method, onMethodChange, redirectTo }: Pick<LoginFormsProps, "method" | "onMethodChange" | "redirectTo">) {
  const options: { value: LoginMethod; label: string }[] = [
    { value: "email", label: "По e-mail" },
    { value: "phone", label: "По телефону" },
  ];
  if (onMethodChange) {
    return (
      <div className="auth-switch" role="group" aria-label="Способ входа">
        {options.map((o) => (
          <button key={o.value} type="button" className="auth-switch__option" aria-pressed={method === o.value} onClick={() => onMethodChange(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
    );
  }
  const query = (by: LoginMethod) => {
    const search = new URLSearchParams();
    if (by === "phone") search.set("by", "phone");
    if (redirectTo) search.set(AUTH_FIELD.redirectTo, redirectTo);
    const text = search.toString();
    return text ? `${LOGIN_PATH}?${text}` : LOGIN_PATH;
  };
  return (
    <nav className="auth-switch" aria-label="Способ входа">
      {options.map((o) => (
        <AppLink key={o.value} to={query(o.value)} className="auth-switch__option" aria-current={method === o.value ? "page" : undefined} replace preventScrollReset>
          {o.label}
        </AppLink>
      ))}
    </nav>
  );
}

function Hidden({ intent, redirectTo }: { intent: string; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name={AUTH_FIELD.intent} value={intent} />
      {redirectTo ? <input type="hidden" name={AUTH_FIELD.redirectTo} value={redirectTo} /> : null}
    </>
  );
}

function Submit({ busy, children, busyText, ...rest }: { busy: boolean; children: ReactNode; busyText: string; name?: string; value?: string; className?: string }) {
  return (
    <button type="submit" className={rest.className ?? "button button--primary auth-form__submit"} disabled={busy} name={rest.name} value={rest.value}>
      {busy ? busyText : children}
    </button>
  );
}

function EmailLogin({ idPrefix, redirectTo, initial }: Omit<LoginFormsProps, "method" | "onMethodChange">) {
  const fetcher = useFetcher<LoginAnswer>();
  const problem = problemOf(fetcher.data ?? initial, LOGIN_INTENT.email);
  const { fields, formProps } = useShopForm<{ email: string; password: string }>({ id: `${idPrefix}-email-login`, lastResult: problem });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={LOGIN_PATH} className="auth-form" data-testid={`${idPrefix}-email-form`} {...formProps}>
      <Hidden intent={LOGIN_INTENT.email} redirectTo={redirectTo} />
      <FormMessage message={formMessage(problem)} testId={`${idPrefix}-message`} />
      <EmailField id={`${idPrefix}-email`} autoComplete="username" meta={fields.email} data-autofocus="" />
      <AuthField id={`${idPrefix}-password`} label="Пароль" type="password" autoComplete="current-password" maxLength={128} meta={fields.password} />
      <Honeypot />
      <Submit busy={busy} busyText="Входим…">
        Войти
      </Submit>
    </fetcher.Form>
  );
}

/** Seconds left until `seconds` after `since` changed; null before hydration (then the button simply works). */
function useCountdown(seconds: number | null, since: unknown): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (seconds === null) return;
    const end = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, since]);
  return left;
}

function PhoneLogin({ idPrefix, redirectTo, initial }: Omit<LoginFormsProps, "method" | "onMethodChange">) {
  const send = useFetcher<LoginAnswer>();
  const resend = useFetcher<LoginAnswer>();
  const login = useFetcher<LoginAnswer>();
  /** "Изменить номер" goes back to the first step; a new send leaves it again. */
  const [editing, setEditing] = useState(false);
  useEffect(() => setEditing(false), [send.data]);

  const sendAnswer = send.data ?? (initial?.formIntent === LOGIN_INTENT.smsSend ? initial : null);
  const sent = sendAnswer?.sent ?? null;
  const resent = resend.data?.sent ?? null;
  const latestSent = resent ?? sent;
  const loginProblem = problemOf(login.data ?? initial, LOGIN_INTENT.smsLogin);
  const codePhone = latestSent?.phone ?? (typed(loginProblem, AUTH_FIELD.phone) || null);
  const channel: SmsChannel = latestSent?.channel ?? (typed(loginProblem, AUTH_FIELD.channel) === "call" ? "call" : "sms");
  const left = useCountdown(latestSent?.resendIn ?? null, latestSent);
  const sendProblem = problemOf(sendAnswer, LOGIN_INTENT.smsSend);
  const phoneForm = useShopForm<{ phone: string }>({ id: `${idPrefix}-phone-login`, lastResult: sendProblem });
  const codeForm = useShopForm<{ code: string }>({ id: `${idPrefix}-code-login`, lastResult: loginProblem });

  if (!codePhone || editing) {
    const problem = sendProblem;
    const busy = send.state !== "idle";
    const sending = busy ? (send.formData?.get(AUTH_FIELD.channel) === "call" ? "call" : "sms") : null;
    return (
      <send.Form method="post" action={LOGIN_PATH} className="auth-form" data-testid={`${idPrefix}-phone-form`} {...phoneForm.formProps}>
        <Hidden intent={LOGIN_INTENT.smsSend} redirectTo={redirectTo} />
        <FormMessage message={formMessage(problem)} testId={`${idPrefix}-message`} />
        <AuthField
          id={`${idPrefix}-phone`}
          label="Телефон"
          meta={phoneForm.fields.phone}
          hint="Пришлём код в SMS или позвоним: тогда код — последние цифры номера, с которого звонят. Если вы у нас впервые, мы создадим аккаунт."
          render={({ defaultValue, ...props }) => (
            <PhoneInput {...props} className="field__input" defaultValue={defaultValue || (codePhone ? formatPhone(codePhone) : "")} data-autofocus="" />
          )}
        />
        <Honeypot />
        <div className="auth-form__buttons">
          <Submit busy={busy} busyText={sending === "sms" ? "Отправляем…" : "Получить код в SMS"} name={AUTH_FIELD.channel} value="sms">
            Получить код в SMS
          </Submit>
          <Submit busy={busy} busyText={sending === "call" ? "Звоним…" : "Позвонить"} name={AUTH_FIELD.channel} value="call" className="button auth-form__submit">
            Позвонить
          </Submit>
        </div>
      </send.Form>
    );
  }

  const resendProblem = problemOf(resend.data, LOGIN_INTENT.smsSend);
  const loginMessage = formMessage(loginProblem) ?? loginProblem?.error?.phone?.[0] ?? null;
  const codeLength = latestSent?.codeLength ?? 4;
  const busy = login.state !== "idle";
  const waiting = left !== null && left > 0;
  return (
    <div className="auth-form auth-code" data-testid={`${idPrefix}-code-step`}>
      <p className="auth-code__sent" role="status">
        {channel === "call"
          ? `Сейчас вам позвонят на ${formatPhone(codePhone)}. Введите последние ${codeLength} ${pluralRu(codeLength, ["цифру", "цифры", "цифр"])} номера, с которого звонят.`
          : `Мы отправили код в SMS на ${formatPhone(codePhone)}.`}
      </p>
      <login.Form method="post" action={LOGIN_PATH} className="auth-form" {...codeForm.formProps}>
        <Hidden intent={LOGIN_INTENT.smsLogin} redirectTo={redirectTo} />
        <input type="hidden" name={AUTH_FIELD.phone} value={codePhone} />
        <input type="hidden" name={AUTH_FIELD.channel} value={channel} />
        <FormMessage message={loginMessage} testId={`${idPrefix}-message`} />
        <AuthField
          id={`${idPrefix}-code`}
          label="Код"
          meta={codeForm.fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          inputClassName="field__input auth-code__input"
          data-autofocus=""
          autoFocus={!loginProblem}
        />
        <Honeypot />
        <Submit busy={busy} busyText="Входим…">
          Войти
        </Submit>
      </login.Form>
      <resend.Form method="post" action={LOGIN_PATH} className="auth-code__resend">
        <Hidden intent={LOGIN_INTENT.smsSend} redirectTo={redirectTo} />
        <input type="hidden" name={AUTH_FIELD.phone} value={codePhone} />
        <input type="hidden" name={AUTH_FIELD.channel} value={channel} />
        <FormMessage message={formMessage(resendProblem) ?? resendProblem?.error?.phone?.[0]} />
        <button type="submit" className="auth-link-button" disabled={waiting || resend.state !== "idle"} data-testid={`${idPrefix}-resend`}>
          {waiting ? `Отправить код ещё раз через ${left} с` : "Отправить код ещё раз"}
        </button>
        {left === null && latestSent ? (
          <span className="auth-form__hint">
            Новый код можно запросить через {latestSent.resendIn} {pluralRu(latestSent.resendIn, ["секунду", "секунды", "секунд"])}.
          </span>
        ) : null}
      </resend.Form>
      {/* Without JavaScript the link starts over; with it, the same happens in place. */}
      <AppLink
        to={`${LOGIN_PATH}?by=phone`}
        className="auth-code__change"
        onClick={(event) => {
          event.preventDefault();
          setEditing(true);
        }}
      >
        Изменить номер
      </AppLink>
    </div>
  );
}
