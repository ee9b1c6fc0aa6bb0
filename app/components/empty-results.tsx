import { useRootData } from "#app/lib/root-data.ts";
import { telHref } from "#app/lib/format.ts";
import { trackGoal } from "#app/lib/analytics.ts";

export interface EmptyResultsProps {
  phone?: string | null;
  email?: string | null;
  cityTitle?: string | null;
  /** Replaces the search advice (e.g. the cart without JavaScript: order by phone or e-mail). */
  lead?: string;
}

/**
 * §2 empty-results block: check the spelling, or call us. The phone line shows the company
 * phone followed by the city title; the e-mail line the general e-mail followed by "— Email".
 * Each line appears only if its value exists. Hover or focus on the phone fires "telephone".
 */
export function EmptyResults({ phone, email, cityTitle, lead }: EmptyResultsProps) {
  return (
    <div className="empty-results">
      <p>{lead ?? "Проверьте, правильно ли написан запрос, или позвоните нам — мы поможем подобрать товар."}</p>
      {phone || email ? (
        <ul className="empty-results__contacts">
          {phone ? (
            <li>
              <a href={telHref(phone)} onMouseEnter={() => trackGoal("telephone")} onFocus={() => trackGoal("telephone")}>
                {phone}
              </a>{" "}
              <span>{cityTitle}</span>
            </li>
          ) : null}
          {email ? (
            <li>
              <a href={`mailto:${email}`}>{email}</a> <span>— Email</span>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

/** The block with the company contacts of the shell. */
export function ShopEmptyResults({ lead }: { lead?: string }) {
  const root = useRootData();
  return <EmptyResults phone={root?.contacts.phone} email={root?.contacts.email} cityTitle={root?.siteCityTitle} lead={lead} />;
}
