/**
 * The offer editor (/cp/edit/new, /cp/edit/{id}; issue 27, ADR 055). One form: without JavaScript
 * every button posts it (Сохранить, Найти, Добавить, Удалить, + Новый клиент…) and the page comes
 * back with what was typed and the errors under their fields. With JavaScript the same fields are
 * kept in state: changes autosave through a fetcher (debounced), search and lookups go through
 * /cp/edit/lookup, totals are priced at once by contract/kp-pricing.ts and then by the server's
 * answer, leaving with unsaved changes asks first, and a save against an older version (409) shows
 * what changed and offers the fresh version instead of overwriting it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useBlocker, useFetcher } from "react-router";
import type { DelayOption, KpClient, KpPurpose, KpRepresentative } from "#contract/kp.ts";
import { listUnitPrice } from "#contract/kp-pricing.ts";
import { FieldError, FormMessage } from "#app/lib/form-fields.tsx";
import { DateInput, PhoneInput } from "#app/lib/mask.tsx";
import { formatPrice } from "#app/features/catalog/price.ts";
import { PrintLineEditor } from "#app/features/coating/print-line-editor.tsx";
import type { EditorReply, LookupAnswer, SavedState, ServerLine } from "./editor.server.ts";
import { printLineRequest, parseSizeText } from "#app/features/coating/print-line.ts";
import type { CoatingChoice } from "#app/features/coating/coating-form.ts";
import {
  VAT_CHOICES,
  countOf,
  draftFormData,
  newCoating,
  newLine,
  optimisticTotals,
  type Draft,
  type DraftCoating,
  type DraftLine,
  type EditorGroup,
  type EditorGroups,
  type SearchHit,
} from "./draft.ts";

export interface EditorData {
  id: number | null;
  number: string | null;
  draft: Draft;
  saved: SavedState | null;
  clients: KpClient[];
  delays: DelayOption[];
  sellers: { id: number; title: string }[];
  categories: { id: number; title: string }[];
  representatives: KpRepresentative[];
  purposes: KpPurpose[];
  groups: EditorGroups;
}

const AUTOSAVE_MS = 1200;
const FORM_ID = "offer-editor";
const rub = formatPrice;
const draftKey = (d: Draft) => JSON.stringify({ ...d, items: d.items.map(({ key: _key, ...rest }) => rest) });


export function OfferEditor({ data, reply }: { data: EditorData; reply: EditorReply | undefined }) {
  const start = reply?.draft ?? data.draft;
  const [draft, setDraft] = useState<Draft>(start);
  const [groups, setGroups] = useState<EditorGroups>({ ...data.groups, ...reply?.groups });
  const [clients, setClients] = useState(data.clients);
  const [reps, setReps] = useState(reply?.lists?.representatives ?? data.representatives);
  const [purposes, setPurposes] = useState(reply?.lists?.purposes ?? data.purposes);
  const [hits, setHits] = useState<SearchHit[] | null>(reply?.search ?? null);
  const [errors, setErrors] = useState<Record<string, string>>(reply?.errors ?? {});
  const [message, setMessage] = useState<string | null>(reply?.message ?? null);
  const [conflict, setConflict] = useState(reply?.conflict ?? null);
  const [server, setServer] = useState<{ totals: SavedState["totals"]; byKey: Record<string, ServerLine> }>(() => ({
    totals: (reply?.saved ?? data.saved)?.totals ?? null,
    byKey: Object.fromEntries(((reply?.saved ?? data.saved)?.lines ?? []).map((l, i) => [start.items[i]?.key ?? "", l])),
  }));
  const [savedKey, setSavedKey] = useState(() => (reply && !reply.ok && reply.intent === "save" ? "" : draftKey(start)));
  const [hydrated, setHydrated] = useState(false);
  const [searchText, setSearchText] = useState("");
  const [category, setCategory] = useState("");
  const [sku, setSku] = useState("");
  const [creating, setCreating] = useState<"client" | "representative" | "purpose" | null>(null);
  useEffect(() => setHydrated(true), []);

  const saver = useFetcher<EditorReply>({ key: `offer-save-${data.id ?? "new"}` });
  const creator = useFetcher<EditorReply>();
  const lookup = useFetcher<LookupAnswer>();
  const submitted = useRef<{ key: string; keys: string[] } | null>(null);
  const dirty = draftKey(draft) !== savedKey;
  const saving = saver.state !== "idle";

  const update = useCallback((patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const updateLine = useCallback((key: string, patch: Partial<DraftLine>) => setDraft((d) => ({ ...d, items: d.items.map((l) => (l.key === key ? { ...l, ...patch } : l)) })), []);

  const save = useCallback(() => {
    if (conflict) return;
    const snapshot = draft;
    submitted.current = { key: draftKey(snapshot), keys: snapshot.items.map((l) => l.key) };
    saver.submit(draftFormData(snapshot), { method: "post" });
  }, [conflict, draft, saver]);

  // Autosave: a quiet moment after the last change (a new offer once it has a title). A draft the
  // server refused is not sent again until it changes.
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  useEffect(() => {
    if (!hydrated || !dirty || conflict || saving) return;
    if (refusedKey === draftKey(draft)) return;
    if (data.id === null && !draft.title.trim()) return;
    const t = setTimeout(save, AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [hydrated, dirty, conflict, saving, draft, data.id, save, refusedKey]);

  // The save's answer: the version moves on; an error stays with the draft as typed.
  useEffect(() => {
    const r = saver.data;
    if (!r || saver.state !== "idle") return;
    const sent = submitted.current;
    submitted.current = null;
    if (!sent) return;
    setErrors(r.errors);
    setMessage(r.ok ? null : r.message);
    setRefusedKey(r.ok ? null : sent.key);
    if (r.conflict) setConflict(r.conflict);
    if (r.ok && r.saved) {
      const saved = r.saved;
      setDraft((d) => ({ ...d, version: String(saved.version) }));
      setSavedKey(JSON.stringify({ ...JSON.parse(sent.key), version: String(saved.version) }));
      setServer({ totals: saved.totals, byKey: Object.fromEntries(saved.lines.map((l, i) => [sent.keys[i] ?? "", l])) });
    }
  }, [saver.data, saver.state]);

  // Keep the saved marker in step with the version the draft carries.
  useEffect(() => {
    if (draftKey(draft) === savedKey) return;
  }, [draft, savedKey]);

  // Lookups, each with its own fetcher (a fetcher's new load cancels its previous one, so sharing one
  // would drop a quick second click): the search's hits, a client's lists, the added products' groups.
  useEffect(() => {
    const a = lookup.data;
    if (!a || lookup.state !== "idle") return;
    if (a.error) setErrors((e) => ({ ...e, searchText: a.error! }));
    if (a.hits) setHits(a.hits);
  }, [lookup.data, lookup.state]);
  const searching = lookup.state !== "idle";

  const lists = useFetcher<LookupAnswer>();
  useEffect(() => {
    const a = lists.data;
    if (!a || lists.state !== "idle") return;
    if (a.representatives) setReps(a.representatives);
    if (a.purposes) setPurposes(a.purposes);
  }, [lists.data, lists.state]);

  // A product is added at once; its group (variations, print types) loads after, one at a time.
  const groupFetcher = useFetcher<LookupAnswer>();
  const [wantedGroups, setWantedGroups] = useState<string[]>([]);
  const loadingGroup = useRef<string | null>(null);
  useEffect(() => {
    if (groupFetcher.state !== "idle") return;
    const done = loadingGroup.current;
    if (done !== null) {
      loadingGroup.current = null;
      const group = groupFetcher.data?.group;
      if (group) setGroups((g) => ({ ...g, [String(group.id)]: group }));
      // A failed load is not retried in a loop: the line stays, its variations come with the next save.
      setWantedGroups((w) => w.filter((id) => id !== done));
      return;
    }
    const next = wantedGroups.find((id) => !groups[id]);
    if (!next) return;
    loadingGroup.current = next;
    groupFetcher.load(`/cp/edit/lookup?group=${next}`);
  }, [groupFetcher, groupFetcher.state, groupFetcher.data, wantedGroups, groups]);

  // Created in place: the new client, representative or purpose is chosen.
  useEffect(() => {
    const r = creator.data;
    if (!r || creator.state !== "idle") return;
    setErrors((e) => ({ ...e, ...r.errors }));
    if (!r.ok) setMessage(r.message);
    const c = r.created;
    if (!c) return;
    setCreating(null);
    if (c.kind === "client") {
      setClients((list) => [...list, c.item]);
      setReps([]);
      setPurposes(r.lists?.purposes ?? []);
      update({ clientId: String(c.item.id), representativeId: "", purposeId: "" });
    } else if (c.kind === "representative") {
      setReps((list) => [...list, c.item]);
      update({ representativeId: String(c.item.id) });
    } else {
      setPurposes((list) => [...list, c.item]);
      update({ purposeId: String(c.item.id) });
    }
  }, [creator.data, creator.state, update]);

  // Leaving with unsaved changes asks first (in-app links and the browser's own navigation).
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith("/cp/edit/"));
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const delay = data.delays.find((d) => String(d.id) === draft.delayId);
  // Print lines: the live kp/print/calculate price when known, else the last saved one.
  const [livePrints, setLivePrints] = useState<Record<string, number | null>>({});
  const onPrintPrice = useCallback((coatingId: string, price: number | null) => setLivePrints((p) => (p[coatingId] === price ? p : { ...p, [coatingId]: price })), []);
  const printPrices = useMemo(
    () => Object.fromEntries(draft.items.map((l) => [l.key, l.coatings.map((c, j) => livePrints[c.id] ?? server.byKey[l.key]?.prints[j]?.price ?? 0)])),
    [draft.items, livePrints, server.byKey],
  );
  const optimistic = useMemo(() => optimisticTotals(draft, groups, printPrices, delay?.surchargePercent ?? 0), [draft, groups, printPrices, delay]);
  const totals = !dirty && server.totals ? server.totals : optimistic.totals;

  // With JavaScript, the form's buttons act in place; without it they post the form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.name === "intent" ? submitter.value : "save";
    const form = event.currentTarget;
    if (intent === "save") save();
    else if (intent === "search") {
      if (!searchText.trim()) return setErrors((e) => ({ ...e, searchText: "Введите название или артикул" }));
      setErrors(({ searchText: _s, ...e }) => e);
      lookup.load(`/cp/edit/lookup?${new URLSearchParams({ text: searchText, ...(category ? { category } : {}) })}`);
    } else if (intent === "sku") {
      if (!sku.trim()) return setErrors((e) => ({ ...e, skuText: "Введите артикул" }));
      creatorSku(sku);
    } else if (intent === "client-create" || intent === "representative-create" || intent === "purpose-create") {
      const body = new FormData();
      body.set("intent", intent);
      body.set("clientId", draft.clientId);
      for (const name of ["newClientTitle", "newClientInn", "newRepName", "newRepEmail", "newRepPhone", "newPurposeTitle"]) {
        const el = form.elements.namedItem(name);
        if (el instanceof HTMLInputElement) body.set(name, el.value);
      }
      creator.submit(body, { method: "post" });
    }
  };

  const skuFetcher = useFetcher<LookupAnswer>();
  const creatorSku = (text: string) => skuFetcher.load(`/cp/edit/lookup?${new URLSearchParams({ sku: text })}`);
  useEffect(() => {
    const a = skuFetcher.data;
    if (!a || skuFetcher.state !== "idle") return;
    if (a.error || !a.group || !a.hits?.[0]) return setErrors((e) => ({ ...e, skuText: a.error ?? "Товар не найден" }));
    const group = a.group;
    const hit = a.hits[0];
    setErrors(({ skuText: _s, ...e }) => e);
    setGroups((g) => ({ ...g, [String(group.id)]: group }));
    setDraft((d) => ({ ...d, items: [...d.items, newLine(hit)] }));
    setSku("");
  }, [skuFetcher.data, skuFetcher.state]);

  const addHit = (hit: SearchHit) => {
    setDraft((d) => ({ ...d, items: [...d.items, newLine(hit)] }));
    const id = String(hit.groupId);
    if (!groups[id]) setWantedGroups((w) => (w.includes(id) ? w : [...w, id]));
  };

  const chooseClient = (clientId: string) => {
    update({ clientId, representativeId: "", purposeId: "" });
    setReps([]);
    setPurposes([]);
    if (clientId) lists.load(`/cp/edit/lookup?client=${clientId}`);
  };

  const err = (name: string) => errors[name] ?? null;
  const describe = (name: string) => (err(name) ? { "aria-invalid": true as const, "aria-describedby": `${FORM_ID}-${name}-error` } : {});

  const status = conflict ? "Не сохранено: предложение изменилось" : saving ? "Сохраняем…" : message ? "Не сохранено" : dirty ? (hydrated ? "Есть несохранённые изменения" : "") : data.id !== null ? "Сохранено" : "";

  return (
    <article className="offer-editor" aria-labelledby="offer-editor-heading">
      <p className="offer__back">
        <Link to={data.id ? `/cp/${data.id}` : "/cp"}>{data.id ? "← К предложению" : "← Все предложения"}</Link>
      </p>
      <header className="offer-editor__head">
        <h1 id="offer-editor-heading">{data.id ? `Редактирование КП${data.number ? ` № ${data.number}` : ` № ${data.id}`}` : "Новое коммерческое предложение"}</h1>
        <p className="offer-editor__status" role="status" aria-live="polite" data-testid="save-status">
          {status}
        </p>
      </header>

      {conflict ? (
        <section className="offer-editor__conflict form-message form-message--error" role="alert" data-testid="conflict">
          <p>
            Предложение изменили в другой вкладке или другой менеджер (версия {conflict.version}). Ваши правки не сохранены, чтобы не затереть чужие.
          </p>
          {conflict.changes.length ? (
            <ul>
              {conflict.changes.map((c, i) => (
                <li key={i}>
                  {c.title}
                  {c.from !== null || c.to !== null ? `: ${c.from ?? "—"} → ${c.to ?? "—"}` : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>Строки и цены не менялись: изменились другие поля предложения.</p>
          )}
          <a
            className="button"
            href={`/cp/edit/${data.id}`}
            onClick={() => {
              leaving.current = true;
            }}
          >
            Загрузить свежую версию
          </a>
        </section>
      ) : null}
      <FormMessage message={conflict ? null : message} testId="editor-message" />

      <Form method="post" id={FORM_ID} className="offer-editor__form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="version" value={draft.version} />

        <section className="offer-editor__section" aria-labelledby="editor-who">
          <h2 id="editor-who">Клиент и условия</h2>
          <div className="offer-editor__grid">
            <Text name="title" label="Название предложения" value={draft.title} onChange={(title) => update({ title })} error={err("title")} maxLength={255} wide />
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-clientId`}>
                Клиент
              </label>
              <select id={`${FORM_ID}-clientId`} className="field__input" name="clientId" value={draft.clientId} onChange={(e) => chooseClient(e.target.value)} {...describe("clientId")}>
                <option value="">Не выбран</option>
                {clients.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                    {c.inn ? `, ИНН ${c.inn}` : ""}
                  </option>
                ))}
              </select>
              <FieldError id={`${FORM_ID}-clientId-error`} error={err("clientId")} />
              <NewToggle open={creating === "client"} onToggle={() => setCreating(creating === "client" ? null : "client")} hydrated={hydrated} label="+ Новый клиент" />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-representativeId`}>
                Представитель
              </label>
              <select id={`${FORM_ID}-representativeId`} className="field__input" name="representativeId" value={draft.representativeId} onChange={(e) => update({ representativeId: e.target.value })} {...describe("representativeId")}>
                <option value="">{draft.clientId ? "Не выбран" : "Сначала выберите клиента"}</option>
                {reps.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${FORM_ID}-representativeId-error`} error={err("representativeId")} />
              <NewToggle open={creating === "representative"} onToggle={() => setCreating(creating === "representative" ? null : "representative")} hydrated={hydrated} label="+ Новый представитель" />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-purposeId`}>
                Цель
              </label>
              <select id={`${FORM_ID}-purposeId`} className="field__input" name="purposeId" value={draft.purposeId} onChange={(e) => update({ purposeId: e.target.value })} {...describe("purposeId")}>
                <option value="">Не выбрана</option>
                {purposes.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
              <FieldError id={`${FORM_ID}-purposeId-error`} error={err("purposeId")} />
              <NewToggle open={creating === "purpose"} onToggle={() => setCreating(creating === "purpose" ? null : "purpose")} hydrated={hydrated} label="+ Новая цель" />
            </div>
          </div>

          {!hydrated || creating === "client" ? (
            <fieldset className="offer-editor__new">
              <legend>Новый клиент</legend>
              <Text name="newClientTitle" label="Название клиента" error={err("newClientTitle")} maxLength={255} />
              <Text name="newClientInn" label="ИНН" error={err("newClientInn")} inputMode="numeric" maxLength={14} />
              <button type="submit" name="intent" value="client-create" className="button button--secondary">
                Добавить клиента
              </button>
            </fieldset>
          ) : null}
          {!hydrated || creating === "representative" ? (
            <fieldset className="offer-editor__new">
              <legend>Новый представитель клиента</legend>
              <Text name="newRepName" label="Имя" error={err("newRepName")} maxLength={150} />
              <Text name="newRepEmail" label="E-mail" error={err("newRepEmail")} type="email" maxLength={254} />
              <div className="field">
                <label className="field__label" htmlFor={`${FORM_ID}-newRepPhone`}>
                  Телефон
                </label>
                <PhoneInput id={`${FORM_ID}-newRepPhone`} className="field__input" name="newRepPhone" {...describe("newRepPhone")} />
                <FieldError id={`${FORM_ID}-newRepPhone-error`} error={err("newRepPhone")} />
              </div>
              <button type="submit" name="intent" value="representative-create" className="button button--secondary">
                Добавить представителя
              </button>
            </fieldset>
          ) : null}
          {!hydrated || creating === "purpose" ? (
            <fieldset className="offer-editor__new">
              <legend>Новая цель</legend>
              <Text name="newPurposeTitle" label="Цель (например, «Выставка»)" error={err("newPurposeTitle")} maxLength={255} />
              <button type="submit" name="intent" value="purpose-create" className="button button--secondary">
                Добавить цель
              </button>
            </fieldset>
          ) : null}

          <div className="offer-editor__grid">
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-delayId`}>
                Отсрочка платежа
              </label>
              <select id={`${FORM_ID}-delayId`} className="field__input" name="delayId" value={draft.delayId} onChange={(e) => update({ delayId: e.target.value })} {...describe("delayId")}>
                {data.delays.some((d) => d.days === 0) ? null : <option value="">Без отсрочки</option>}
                {data.delays.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.title}
                    {d.surchargePercent ? ` (+${String(d.surchargePercent).replace(".", ",")} %)` : ""}
                  </option>
                ))}
              </select>
              <FieldError id={`${FORM_ID}-delayId-error`} error={err("delayId")} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-vat`}>
                НДС
              </label>
              <select id={`${FORM_ID}-vat`} className="field__input" name="vat" value={draft.vat} onChange={(e) => update({ vat: e.target.value })} {...describe("vat")}>
                {VAT_CHOICES.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.label}
                  </option>
                ))}
              </select>
              <FieldError id={`${FORM_ID}-vat-error`} error={err("vat")} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-validUntil`}>
                Действительно до
              </label>
              <DateInput id={`${FORM_ID}-validUntil`} className="field__input" name="validUntil" defaultValue={draft.validUntil} onInput={(e) => update({ validUntil: e.currentTarget.value })} {...describe("validUntil")} />
              <FieldError id={`${FORM_ID}-validUntil-error`} error={err("validUntil")} />
            </div>
            {data.sellers.length ? (
              <div className="field">
                <label className="field__label" htmlFor={`${FORM_ID}-sellerCompanyId`}>
                  Компания-продавец
                </label>
                <select id={`${FORM_ID}-sellerCompanyId`} className="field__input" name="sellerCompanyId" value={draft.sellerCompanyId} onChange={(e) => update({ sellerCompanyId: e.target.value })} {...describe("sellerCompanyId")}>
                  <option value="">По умолчанию</option>
                  {data.sellers.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
                <FieldError id={`${FORM_ID}-sellerCompanyId-error`} error={err("sellerCompanyId")} />
              </div>
            ) : (
              <input type="hidden" name="sellerCompanyId" value={draft.sellerCompanyId} />
            )}
          </div>
          <TextArea name="comment" label="Комментарий к предложению" value={draft.comment} onChange={(comment) => update({ comment })} error={err("comment")} maxLength={5000} />
        </section>

        <section className="offer-editor__section" aria-labelledby="editor-what">
          <h2 id="editor-what">Товары</h2>
          <div className="offer-editor__search" role="search" aria-label="Поиск товаров для предложения">
            <Text name="searchText" label="Найти товар: название или артикул" value={searchText} onChange={setSearchText} error={err("searchText")} maxLength={200} type="search" />
            <div className="field">
              <label className="field__label" htmlFor={`${FORM_ID}-searchCategory`}>
                Категория
              </label>
              <select id={`${FORM_ID}-searchCategory`} className="field__input" name="searchCategory" value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="">Все категории</option>
                {data.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="search" className="button button--secondary">
              Найти товары
            </button>
            <Text name="skuText" label="Добавить по артикулу" value={sku} onChange={setSku} error={err("skuText")} maxLength={100} />
            <button type="submit" name="intent" value="sku" className="button button--secondary">
              Добавить по артикулу
            </button>
          </div>
          {hits ? (
            hits.length ? (
              <ul className="offer-editor__hits" aria-label="Найденные товары" data-testid="search-hits" aria-busy={searching || undefined}>
                {hits.map((h) => (
                  <li key={h.productId} className="offer-editor__hit">
                    {h.image ? <img src={h.image} alt="" width={48} height={48} loading="lazy" /> : <span className="offer-editor__noimg" aria-hidden="true" />}
                    <span className="offer-editor__hit-title">
                      {h.title}
                      <span className="offer-editor__sku">арт. {h.sku}</span>
                    </span>
                    <span className="offer-editor__hit-price">{rub(h.price)}</span>
                    {hydrated ? (
                      <button type="button" className="button button--small" onClick={() => addHit(h)} aria-label={`Добавить: ${h.title}, арт. ${h.sku}`} disabled={searching}>
                        Добавить
                      </button>
                    ) : (
                      <button type="submit" name="add" value={`${h.productId}:${h.groupId}`} className="button button--small" aria-label={`Добавить: ${h.title}, арт. ${h.sku}`} formNoValidate>
                        Добавить
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="account-empty">Ничего не нашлось</p>
            )
          ) : null}

          <FieldError id={`${FORM_ID}-items-error`} error={err("items")} />
          {draft.items.length ? (
            <ol className="offer-editor__lines" data-testid="editor-lines">
              {draft.items.map((line, i) => (
                <LineEditor
                  key={line.key}
                  index={i}
                  line={line}
                  group={groups[line.groupId]}
                  priced={optimistic.lines[line.key] ?? null}
                  server={!dirty ? (server.byKey[line.key] ?? null) : null}
                  errors={errors}
                  hydrated={hydrated}
                  onChange={(patch) => updateLine(line.key, patch)}
                  onRemove={() => setDraft((d) => ({ ...d, items: d.items.filter((l) => l.key !== line.key) }))}
                  onPrintPrice={onPrintPrice}
                />
              ))}
            </ol>
          ) : (
            <p className="account-empty">Добавьте товары: найдите их по названию или артикулу.</p>
          )}
        </section>

        <section className="offer-editor__section offer-editor__totals" aria-labelledby="editor-totals">
          <h2 id="editor-totals">Итого</h2>
          <dl data-testid="editor-totals" aria-busy={saving || dirty ? true : undefined}>
            <Row label="Товары" value={rub(totals.goods)} />
            <Row label="Нанесение" value={rub(totals.print)} />
            {totals.delaySurcharge ? <Row label="Надбавка за отсрочку" value={rub(totals.delaySurcharge)} /> : null}
            {totals.discount ? <Row label="Скидка" value={`−${rub(totals.discount)}`} /> : null}
            <Row
              label={totals.vatMode === "none" ? "Без НДС" : totals.vatMode === "included" ? `В т.ч. НДС ${totals.vatRate} %` : `НДС ${totals.vatRate} % сверху`}
              value={totals.vatMode === "none" ? "—" : rub(totals.vat)}
            />
            <Row label="Всего" value={rub(totals.total)} strong testId="editor-total" />
          </dl>
        </section>

        <div className="offer-editor__actions">
          <button type="submit" name="intent" value="save" className="button" disabled={Boolean(conflict)}>
            Сохранить
          </button>
          {data.id ? (
            <Link to={`/cp/${data.id}`} className="button button--secondary">
              К просмотру
            </Link>
          ) : null}
        </div>
      </Form>

      {blocker.state === "blocked" ? (
        <div className="offer-editor__leave form-message form-message--error" role="alertdialog" aria-labelledby="leave-title">
          <p id="leave-title">Изменения ещё не сохранены. Уйти со страницы?</p>
          <button type="button" className="button" onClick={() => blocker.reset()} autoFocus>
            Остаться
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
            Уйти без сохранения
          </button>
        </div>
      ) : null}
    </article>
  );
}

function NewToggle({ open, onToggle, hydrated, label }: { open: boolean; onToggle(): void; hydrated: boolean; label: string }) {
  if (!hydrated) return null;
  return (
    <button type="button" className="link-button offer-editor__new-toggle" aria-expanded={open} onClick={onToggle}>
      {label}
    </button>
  );
}

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? "offer-editor__total offer-editor__total--grand" : "offer-editor__total"}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

interface TextProps {
  name: string;
  label: ReactNode;
  value?: string;
  onChange?(value: string): void;
  error: string | null;
  maxLength?: number;
  type?: string;
  inputMode?: "numeric" | "decimal" | "text";
  wide?: boolean;
  className?: string;
}

function Text({ name, label, value, onChange, error, maxLength, type = "text", inputMode, wide, className }: TextProps) {
  const id = `${FORM_ID}-${name}`;
  return (
    <div className={`field${wide ? " offer-editor__wide" : ""}${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete="off"
        {...(onChange ? { value: value ?? "", onChange: (e) => onChange(e.target.value) } : { defaultValue: value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function TextArea({ name, label, value, onChange, error, maxLength }: { name: string; label: string; value: string; onChange(v: string): void; error: string | null; maxLength: number }) {
  const id = `${FORM_ID}-${name.replaceAll(".", "-")}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input" name={name} rows={2} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

interface LineProps {
  index: number;
  line: DraftLine;
  group: EditorGroup | undefined;
  priced: { unit: number; total: number } | null;
  server: ServerLine | null;
  errors: Record<string, string>;
  hydrated: boolean;
  onChange(patch: Partial<DraftLine>): void;
  onRemove(): void;
  onPrintPrice(coatingId: string, price: number | null): void;
}

function LineEditor({ index, line, group, priced, server, errors, hydrated, onChange, onRemove, onPrintPrice }: LineProps) {
  const p = `items.${index}.`;
  const id = (name: string) => `${FORM_ID}-items-${index}-${name}`;
  const err = (name: string) => errors[`${p}${name}`] ?? null;
  const aria = (name: string) => (err(name) ? { "aria-invalid": true as const, "aria-describedby": `${id(name)}-error` } : {});
  const variation = group?.variations.find((v) => String(v.id) === line.productId);
  const unit = server?.unit ?? priced?.unit ?? null;
  const total = server?.total ?? priced?.total ?? null;
  const count = countOf(line.count);
  const listPrice = variation && count !== null ? listUnitPrice(variation, count) : null;
  const title = group?.title ?? line.title;

  return (
    <li className="offer-line" data-testid="editor-line" aria-labelledby={id("title")}>
      <div className="offer-line__head">
        {group?.image ? <img src={group.image} alt="" width={56} height={56} loading="lazy" /> : <span className="offer-editor__noimg" aria-hidden="true" />}
        <div className="offer-line__title">
          <strong id={id("title")}>
            {index + 1}. {title}
          </strong>
          <span className="offer-editor__sku">арт. {variation?.sku ?? line.sku}</span>
          <FieldError id={`${id("productId")}-error`} error={err("productId")} />
        </div>
        {hydrated ? (
          <button type="button" className="link-button" onClick={onRemove} aria-label={`Удалить строку ${index + 1}: ${title}`}>
            Удалить
          </button>
        ) : (
          <button type="submit" name="remove" value={index} className="link-button" aria-label={`Удалить строку ${index + 1}: ${title}`}>
            Удалить
          </button>
        )}
      </div>
      <input type="hidden" name={`${p}groupId`} value={line.groupId} />
      <input type="hidden" name={`${p}title`} value={line.title} />
      <input type="hidden" name={`${p}sku`} value={line.sku} />
      <div className="offer-line__fields">
        {group && group.variations.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor={id("productId")}>
              Цвет / размер
            </label>
            <select
              id={id("productId")}
              className="field__input"
              name={`${p}productId`}
              value={line.productId}
              onChange={(e) => onChange({ productId: e.target.value, sku: group.variations.find((v) => String(v.id) === e.target.value)?.sku ?? line.sku })}
              {...aria("productId")}
            >
              {group.variations.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name={`${p}productId`} value={line.productId} />
        )}
        <LineText id={id("count")} name={`${p}count`} label="Количество, шт." value={line.count} onChange={(count) => onChange({ count })} error={err("count")} inputMode="numeric" />
        <LineText id={id("price")} name={`${p}price`} label="Своя цена за шт., ₽" value={line.price} onChange={(price) => onChange({ price })} error={err("price")} inputMode="decimal" />
        <LineText id={id("discount")} name={`${p}discount`} label="Скидка (−наценка), %" value={line.discount} onChange={(discount) => onChange({ discount })} error={err("discountPercent") ?? err("discount")} inputMode="decimal" />
        <p className="offer-line__price" data-testid="line-price">
          <span>
            Цена за шт.: <span data-testid="line-unit">{unit !== null ? rub(unit) : "—"}</span>
            {listPrice !== null && unit !== null && listPrice !== unit ? <span className="offer-editor__sku"> (по тиражу {rub(listPrice)})</span> : null}
          </span>
          <span>
            Сумма: <strong data-testid="line-total">{total !== null ? rub(total) : "—"}</strong>
          </span>
        </p>
      </div>
      <div className="offer-line__prints">
        {line.coatings.map((c, j) => {
          const prefix = `${p}coatings.${j}.`;
          const problems = [err(`coatings.${j}.coating`), err(`coatings.${j}.variant`), err(`coatings.${j}.width`), err(`coatings.${j}.height`), ...(server?.prints[j]?.problems ?? [])].filter(Boolean) as string[];
          return (
            <fieldset key={c.id} className="offer-line__print">
              <legend>
                Нанесение {j + 1}
                {server?.prints[j] && !server.prints[j]!.problems.length ? ` — ${rub(server.prints[j]!.price)}` : ""}
              </legend>
              <input type="hidden" name={`${prefix}id`} value={c.id} />
              <PrintLineEditor
                id={`${id("print")}-${j}`}
                choices={group?.coatings ?? []}
                value={c}
                namePrefix={prefix}
                invalid={Boolean(err(`coatings.${j}.coating`))}
                onChange={(next) => onChange({ coatings: line.coatings.map((x) => (x.id === c.id ? { ...x, ...next } : x)) })}
              >
                {hydrated ? (
                  <button type="button" className="link-button" onClick={() => onChange({ coatings: line.coatings.filter((x) => x.id !== c.id) })} aria-label={`Удалить нанесение ${j + 1} строки ${index + 1}`}>
                    Удалить нанесение
                  </button>
                ) : null}
              </PrintLineEditor>
              {hydrated ? <PrintPrice line={line} coating={c} choices={group?.coatings ?? []} onPrice={(price) => onPrintPrice(c.id, price)} /> : null}
              {problems.length ? (
                <p className="field__error" role="alert" id={`${id("print")}-${j}-error`}>
                  {[...new Set(problems)].join(". ")}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        {hydrated ? (
          <button type="button" className="link-button" onClick={() => onChange({ coatings: [...line.coatings, newCoating()] })} disabled={!group?.coatings.length}>
            + Нанесение
          </button>
        ) : (
          <button type="submit" name="addPrint" value={index} className="link-button" disabled={!group?.coatings.length}>
            + Нанесение
          </button>
        )}
      </div>
      <TextArea name={`${p}comment`} label="Комментарий к строке" value={line.comment} onChange={(comment) => onChange({ comment })} error={err("comment")} maxLength={1000} />
    </li>
  );
}

/** A print line's price by kp/print/calculate (via /cp/edit/lookup), asked a moment after its last change. */
function PrintPrice({ line, coating, choices, onPrice }: { line: DraftLine; coating: DraftCoating; choices: readonly CoatingChoice[]; onPrice(price: number | null): void }) {
  const fetcher = useFetcher<LookupAnswer>();
  const count = countOf(line.count);
  const request = printLineRequest(
    {
      coating: /^\d+$/.test(coating.coating) ? Number(coating.coating) : null,
      variant: /^\d+$/.test(coating.variant) ? Number(coating.variant) : null,
      width: parseSizeText(coating.width) ?? null,
      height: parseSizeText(coating.height) ?? null,
      options: coating.options,
      quantity: count ?? 1,
      quantityError: count === null ? "Укажите количество от 1 до 999 999 шт." : null,
      productId: /^\d+$/.test(line.productId) ? Number(line.productId) : null,
    },
    choices,
  );
  const body = request.body;
  const { load } = fetcher;
  useEffect(() => {
    if (!body) return;
    const t = setTimeout(() => load(`/cp/edit/lookup?print=1&${body}`), 400);
    return () => clearTimeout(t);
  }, [body, load]);
  const answer = fetcher.data?.print && fetcher.data.print.key === request.key ? fetcher.data.print : null;
  const price = answer?.price ?? null;
  useEffect(() => onPrice(request.request ? price : null), [price, request.request, onPrice]);
  if (request.hint) return <p className="offer-editor__sku">{request.hint}</p>;
  if (answer?.error) return <p className="field__error">{answer.error}</p>;
  return (
    <p className="offer-line__print-price" data-testid="print-price">
      Стоимость нанесения: {price !== null ? rub(price) : fetcher.state !== "idle" ? "считаем…" : "—"}
    </p>
  );
}

function LineText({ id, name, label, value, onChange, error, inputMode }: { id: string; name: string; label: string; value: string; onChange(v: string): void; error: string | null; inputMode: "numeric" | "decimal" }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" name={name} inputMode={inputMode} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} maxLength={12} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
