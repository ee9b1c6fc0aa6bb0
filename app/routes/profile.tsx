/**
 * /profile (§2, §3 User, §6): name and birthdate, photo, phone (set → code → confirmed), e-mail
 * (set → a link), password, and the delivery addresses. Every form is a `<Form method="post">`
 * with an `intent`, so the page works without JavaScript; errors show under their fields (§8).
 * Personal: no `headers` export (private, never in the page cache), noindex.
 */
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { accountCallFailed, requireLogin } from "#app/features/account/session.server.ts";
import { profileAction, type ProfileAnswer } from "#app/features/account/profile-actions.server.ts";
import { idOf } from "#app/features/account/forms.ts";
import { ProfileSections } from "#app/features/account/profile-sections.tsx";
import { AddressSection } from "#app/features/account/address-section.tsx";
import { useRevealFirstError } from "#app/lib/reveal-field.ts";
import { formFailure } from "#app/lib/forms.ts";


export async function loader({ url, context }: Route.LoaderArgs) {
  requireLogin(context, url);
  const [profile, addresses] = await Promise.all([context.api.call(endpoints.profileGet), context.api.call(endpoints.shipmentAddressList)]);
  if (!profile.ok) accountCallFailed(profile.error, url);
  if (!addresses.ok && addresses.error.status === 401) accountCallFailed(addresses.error, url);
  const u = profile.data;
  return {
    user: {
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      phone: u.phone,
      phoneVerified: u.phoneVerified,
      activated: u.activated,
      birthdate: u.birthdate,
      avatar: u.avatar,
    },
    // §8: a list that fails to load is an empty one; the page still works.
    addresses: addresses.ok ? addresses.data : [],
    addressesFailed: !addresses.ok,
    /** ?address=ID opens that address's edit form (a link, so it works without JavaScript). */
    editAddress: idOf(url.searchParams.get("address")),
    /** Only whether suggestions exist: the key stays on the server. */
    addressSuggestions: Boolean(context.dadataKey),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireLogin(context, url);
  const form = await request.formData().catch(() => null);
  // Answers are 200 with the errors in them, as the ordering form's: the page is shown again with
  // the messages under the fields (a 4xx would be a failed fetch in the browser's console).
  const noStore = { headers: { "Cache-Control": "no-store" } };
  if (!form) return data<ProfileAnswer>({ ...formFailure("Не удалось прочитать форму. Попробуйте ещё раз."), formIntent: null }, noStore);
  return data(await profileAction(context, form, url), noStore);
}


export const meta: Route.MetaFunction = () => [{ title: `Профиль | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  // A refused form: focus and scroll to its first invalid field (each form shows only its own errors).
  useRevealFirstError(actionData, actionData?.status === "error", ".account-page form");
  return (
    <div className="account-page profile-page">
      <h1>Профиль</h1>
      <ProfileSections user={loaderData.user} answer={actionData ?? null} />
      <AddressSection
        addresses={loaderData.addresses}
        failed={loaderData.addressesFailed}
        editId={loaderData.editAddress}
        suggestions={loaderData.addressSuggestions}
        answer={actionData ?? null}
      />
    </div>
  );
}
