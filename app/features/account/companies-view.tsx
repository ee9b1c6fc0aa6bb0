/** /profile/companies: company cards and the company form (§3 legal data). */
import { Form } from "react-router";
import type { LegalCompany } from "#contract/profile.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { requisitesProblems } from "#contract/requisites.ts";
import { Field, FormMessage, useShopForm, type BrowserCheck } from "#app/lib/form-fields.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { MaskedInput } from "#app/lib/mask.tsx";
import { ImageField } from "./image-intake.tsx";
import { SubmitButton } from "./profile-sections.tsx";

export const COMPANY_FIELDS = [
  "shortTitle",
  "inn",
  "kpp",
  "ogrn",
  "address",
  "bik",
  "bankTitle",
  "checkingAccount",
  "correspondentAccount",
  "signerFullName",
  "signerPosition",
] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];
type CompanyValues = Record<CompanyField, string>;
const EMPTY_COMPANY = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, ""])) as CompanyValues;
import type { CompanyAnswer } from "./companies.server.ts";
import { COMPANY_TITLE_MISSING } from "./forms.ts";
import { quoted } from "#contract/quotes.ts";

function valuesOf(c: LegalCompany): CompanyValues {
  const v = { ...EMPTY_COMPANY };
  for (const key of Object.keys(v) as CompanyField[]) v[key] = c[key] ?? "";
  return v;
}

const LOAD_FAILED =
  "Не удалось загрузить список. Обновите страницу через минуту.";

export function CompaniesView({
  my,
  myFailed,
  our,
  ourFailed,
  canEditOur,
  editId,
  savedTitle,
  deleted,
  answer,
}: {
  my: LegalCompany[];
  myFailed: boolean;
  our: LegalCompany[] | null;
  ourFailed: boolean;
  canEditOur: boolean;
  editId: number | null;
  savedTitle: string | null;
  deleted: boolean;
  answer: CompanyAnswer | null;
}) {
  const newFailed =
    answer?.formIntent === "company-save" && answer.companyId === null
      ? answer
      : null;
  return (
    <div className="account-page companies-page">
      <h1>Компании</h1>
      {savedTitle ? (
        <FormMessage
          ok
          message={`Компания ${quoted(savedTitle)} сохранена`}
          testId="company-saved"
        />
      ) : null}
      {deleted ? (
        <FormMessage ok message="Компания удалена" testId="company-deleted" />
      ) : null}
      {answer && answer.formIntent !== "company-save" ? (
        <FormMessage message={formMessage(answer)} testId="company-error" />
      ) : null}
      {our ? (
        <section className="companies-section" aria-labelledby="our-title">
          <h2 id="our-title">Компании магазина</h2>
          <p className="account-lead">
            Юридические лица магазина: от их имени выставляются счета и
            коммерческие предложения.
            {canEditOur ? "" : " Изменить их может администратор."}
          </p>
          {ourFailed ? (
            <FormMessage ok={false} message={LOAD_FAILED} testId="our-failed" />
          ) : our.length === 0 ? (
            <p className="account-empty">Список компаний магазина пока пуст.</p>
          ) : (
            <CompanyList
              companies={our}
              editable={canEditOur}
              editId={editId}
              answer={answer}
            />
          )}
        </section>
      ) : null}
      <section className="companies-section" aria-labelledby="my-title">
        <h2 id="my-title">Мои компании</h2>
        <p className="account-lead">
          Реквизиты ваших организаций и ИП: их можно выбрать при оформлении
          заказа, чтобы получить счёт.
        </p>
        {myFailed ? (
          <FormMessage ok={false} message={LOAD_FAILED} testId="my-failed" />
        ) : my.length === 0 ? (
          <p className="account-empty" data-testid="companies-empty">
            Компаний пока нет. Добавьте реквизиты — они понадобятся для счёта и
            договора.
          </p>
        ) : (
          <CompanyList
            companies={my}
            editable
            editId={editId}
            answer={answer}
          />
        )}
        <details
          className="account-card company-new"
          open={Boolean(newFailed) || undefined}
        >
          <summary className="button button--primary">
            Добавить компанию
          </summary>
          <CompanyForm company={null} values={EMPTY_COMPANY} answer={newFailed} />
        </details>
      </section>
    </div>
  );
}

function CompanyList({
  companies,
  editable,
  editId,
  answer,
}: {
  companies: LegalCompany[];
  editable: boolean;
  editId: number | null;
  answer: CompanyAnswer | null;
}) {
  return (
    <ul className="company-list">
      {companies.map((c) => {
        const failedHere =
          answer?.formIntent === "company-save" && answer.companyId === c.id
            ? answer
            : null;
        return (
          <li
            key={c.id}
            id={`company-${c.id}`}
            className="account-card company-card"
            data-testid="company-card"
          >
            {editable && (editId === c.id || failedHere) ? (
              <CompanyForm company={c} values={valuesOf(c)} answer={failedHere} />
            ) : (
              <CompanyCard company={c} editable={editable} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Requisite({ label, value }: { label: string; value: string | null }) {
  return value ? (
    <div className="company-card__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}

function CompanyCard({
  company: c,
  editable,
}: {
  company: LegalCompany;
  editable: boolean;
}) {
  return (
    <>
      <div className="company-card__head">
        {c.image ? (
          <img
            className="company-card__logo"
            src={c.image}
            alt=""
            width={56}
            height={56}
          />
        ) : null}
        <h3 className="company-card__title">{c.shortTitle}</h3>
      </div>
      <dl className="company-card__data">
        <Requisite label="ИНН" value={c.inn} />
        <Requisite label="КПП" value={c.kpp} />
        <Requisite
          label={c.ogrn?.length === 15 ? "ОГРНИП" : "ОГРН"}
          value={c.ogrn}
        />
        <Requisite label="Адрес" value={c.address} />
        <Requisite label="Банк" value={c.bankTitle} />
        <Requisite label="БИК" value={c.bik} />
        <Requisite label="Расчётный счёт" value={c.checkingAccount} />
        <Requisite label="Корр. счёт" value={c.correspondentAccount} />
        <Requisite
          label="Подписант"
          value={
            [c.signerFullName, c.signerPosition].filter(Boolean).join(", ") ||
            null
          }
        />
      </dl>
      {editable ? (
        <div className="company-card__actions">
          <AppLink
            className="button button--small"
            to={`/profile/companies?edit=${c.id}#company-${c.id}`}
            preventScrollReset
            aria-label={`Изменить: ${c.shortTitle}`}
          >
            Изменить
          </AppLink>
          <details className="confirm">
            <summary className="button button--small">Удалить</summary>
            <Form
              method="post"
              action="/profile/companies"
              className="confirm__body"
              preventScrollReset
            >
              <p>
                Удалить компанию {quoted(c.shortTitle)}? Реквизиты придётся вводить
                заново.
              </p>
              <input type="hidden" name="id" value={c.id} />
              <SubmitButton
                intent="company-delete"
                busy="Удаляем…"
                className="button button--danger button--small"
              >
                Да, удалить
              </SubmitButton>
            </Form>
          </details>
        </div>
      ) : null}
    </>
  );
}

/** The requisites' masks (§5 tokens, app/lib/mask.tsx): digits only, the КПП's reason may be letters. */
const REQUISITE_MASKS: Partial<Record<CompanyField, string>> = {
  inn: "############",
  kpp: "####XX###",
  ogrn: "###############",
  bik: "#########",
  checkingAccount: "####################",
  correspondentAccount: "####################",
};

/** The browser's check before sending (and on leaving a field): the title and the requisites' checksums, zod-free. */
const checkCompany: BrowserCheck = (values) => {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).replace(/[\s-]/g, "") : undefined);
  return {
    shortTitle: !values.shortTitle ? COMPANY_TITLE_MISSING : String(values.shortTitle).trim().length > 255 ? "Не больше 255 символов" : null,
    ...requisitesProblems({ inn: text("inn") ?? "", kpp: text("kpp"), ogrn: text("ogrn"), bik: text("bik"), checkingAccount: text("checkingAccount"), correspondentAccount: text("correspondentAccount") }),
  };
};

function CompanyForm({
  company,
  values,
  answer,
}: {
  company: LegalCompany | null;
  values: CompanyValues;
  answer: CompanyAnswer | null;
}) {
  const { form, fields, formProps } = useShopForm<CompanyValues>({
    id: company ? `company-${company.id}-form` : "company-new",
    lastResult: answer,
    defaultValue: values,
    check: checkCompany,
  });
  const field = (
    name: CompanyField,
    label: string,
    extra: Record<string, unknown> = {},
  ) => {
    const mask = REQUISITE_MASKS[name];
    return (
      <Field
        meta={fields[name]}
        label={label}
        className={extra.className as string | undefined}
        {...extra}
        render={
          mask
            ? (props) => (
                <MaskedInput
                  mask={mask}
                  className="field__input"
                  inputMode={name === "kpp" ? "text" : "numeric"}
                  autoComplete="off"
                  {...props}
                />
              )
            : undefined
        }
      />
    );
  };
  return (
    <Form
      method="post"
      action="/profile/companies"
      encType="multipart/form-data"
      className="account-form company-form"
      preventScrollReset
      {...formProps}
      aria-label={
        company ? `Изменение: ${company.shortTitle}` : "Новая компания"
      }
    >
      {company ? <input type="hidden" name="id" value={company.id} /> : null}
      <fieldset className="company-form__group">
        <legend>Компания</legend>
        {field("shortTitle", "Краткое название", {
          required: true,
          maxLength: 255,
          placeholder: "ООО «Северный ветер»",
          className: "company-form__wide",
        })}
        {field("inn", "ИНН")}
        {field("kpp", "КПП (у ИП нет)")}
        {field("ogrn", "ОГРН или ОГРНИП")}
        {field("address", "Юридический адрес", {
          maxLength: 500,
          className: "company-form__wide",
        })}
      </fieldset>
      <fieldset className="company-form__group">
        <legend>Банк</legend>
        {field("bik", "БИК")}
        {field("bankTitle", "Название банка", { maxLength: 255 })}
        {field("checkingAccount", "Расчётный счёт")}
        {field("correspondentAccount", "Корреспондентский счёт")}
      </fieldset>
      <fieldset className="company-form__group">
        <legend>Кто подписывает документы</legend>
        {field("signerFullName", "ФИО", {
          maxLength: 255,
          placeholder: "Иванов Пётр Сергеевич",
        })}
        {field("signerPosition", "Должность", {
          maxLength: 255,
          placeholder: "Генеральный директор",
        })}
        <ImageField
          id={`${form.id}-image`}
          name="image"
          className="company-form__wide"
          error={answer?.error?.image?.[0]}
          label={
            <>
              {company?.image
                ? "Новый логотип или печать (если не выбрать, останется прежний)"
                : "Логотип или печать"}
              : PNG, JPEG или WebP, до 5 МБ
            </>
          }
        />
      </fieldset>
      <FormMessage message={formMessage(answer)} testId={`${form.id}-message`} />
      <div className="account-form__actions">
        <SubmitButton intent="company-save" busy="Сохраняем…">
          {company ? "Сохранить" : "Сохранить компанию"}
        </SubmitButton>
        {company ? (
          <AppLink
            className="button"
            to={`/profile/companies#company-${company.id}`}
            preventScrollReset
          >
            Отмена
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}
