/**
 * /login (§2, issue 19, ADR 036): the login page, the target of the header's "Войти" without
 * JavaScript (with it, the same forms open in a dialog). `?by=phone` shows the phone form,
 * `?redirectTo=` names where to go after login (a path of this site; /profile/cp by default).
 * The action sets the HttpOnly cookies and redirects. Personal: private (no `headers`), noindex.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AUTH_FIELD, LOGIN_INTENT } from "#app/features/auth/auth-forms.ts";
import { afterLoginPath, loginAction, readForm } from "#app/features/auth/auth.server.ts";
import { LoginForms } from "#app/features/auth/login-forms.tsx";
import { AuthPage } from "#app/features/auth/auth-fields.tsx";
import { sessionUser } from "#app/features/auth/session-user.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get(AUTH_FIELD.redirectTo);
  const redirectTo = raw === null ? null : afterLoginPath(raw);
  // Already logged in: straight on. Checked with the API, not by the cookie alone: a dead token
  // would otherwise bounce between here and an account page that sends it back.
  if ((await sessionUser(context)).user) throw redirect(redirectTo ?? afterLoginPath(null));
  return { redirectTo, method: url.searchParams.get("by") === "phone" ? ("phone" as const) : ("email" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(context, await readForm(request));
}

export const meta: Route.MetaFunction = () => [{ title: `Вход | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the answer of the form that was sent decides which way in is shown.
  const method = actionData && actionData.formIntent !== LOGIN_INTENT.email ? "phone" : actionData ? "email" : loaderData.method;
  return (
    <AuthPage title="Вход в личный кабинет">
      <LoginForms idPrefix="login-page" redirectTo={loaderData.redirectTo} initial={actionData ?? null} method={method} />
    </AuthPage>
  );
}
