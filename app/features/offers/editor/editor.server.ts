/**
 * The offer editor's server half (/cp/edit/new, /cp/edit/{id}; issue 27, ADR 055): what the page
 * loads, how a posted draft is read (every value cut, nothing trusted), checked with the contract's
 * KpInput and saved with kp/create or kp/update (carrying the version: a stale one is the API's 409,
 * answered with what changed). Errors come back keyed by the draft's field names (the API's paths),
 * with the draft as typed, so nothing typed is lost with or without JavaScript.
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { KpClientInput, KpInput, KpPurposeInput, KpRepresentativeInput, type Kp, type KpClient, type KpPurpose, type KpRepresentative, type DelayOption, type KpCategory } from "#contract/kp.ts";
import type { Coating, Product, ProductGroup } from "#contract/catalog.ts";
import { describeVariation, KP_MAX_LINES } from "#contract/kp-pricing.ts";
import { MAX_DB_ID } from "#contract/limits.ts";
import type { ApiError } from "#app/lib/api-client.server.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { isCalendarDate, isoFromTypedDate } from "#app/lib/dates.ts";
import { accountCallFailed, isStaff, requireSessionUser, toLogin } from "#app/features/account/session.server.ts";
import { offeredCoatings, postedKey, readCoatingForm, toCoatingChoice } from "#app/features/coating/coating-form.ts";
import { parseSizeText } from "#app/features/coating/print-line.ts";
import {
  COUNT_MESSAGE,
  LINES_MESSAGE,
  countOf,
  draftOfOffer,
  emptyDraft,
  newLine,
  typedNumber,
  vatOfChoice,
  type Draft,
  type DraftLine,
  type EditorGroup,
  type EditorGroups,
  type SearchHit,
} from "./draft.ts";

type Context = Pick<AppLoadContext, "api" | "isAuthenticated">;
type Api = AppLoadContext["api"];

/** How much of a posted field is read: titles 255, comments 5000, anything else 100. */
const TEXT_LIMITS: Record<string, number> = { title: 300, comment: 5100, newClientTitle: 300, newRepName: 200, newPurposeTitle: 300 };
const SHORT = 100;
/** Lines read from a post: one more than allowed, so "too many" is said, not silently cut. */
const READ_LINES = KP_MAX_LINES + 1;
const READ_COATINGS = 21;

export interface ServerLine {
  unit: number;
  total: number;
  prints: { price: number; problems: string[] }[];
}

export interface SavedState {
  id: number;
  version: number;
  totals: Kp["totals"] | null;
  lines: ServerLine[];
  unavailable: string | null;
}

export interface EditorReply {
  intent: string;
  ok: boolean;
  message: string | null;
  errors: Record<string, string>;
  draft: Draft;
  saved: SavedState | null;
  conflict: ApiError["conflict"] | null;
  search: SearchHit[] | null;
  groups: EditorGroups;
  lists: { representatives: KpRepresentative[]; purposes: KpPurpose[] } | null;
  created: { kind: "client"; item: KpClient } | { kind: "representative"; item: KpRepresentative } | { kind: "purpose"; item: KpPurpose } | null;
}

/** "/cp/edit/{id}": the id in its one spelling; "new" is a new offer (null). Anything else is the §2 404. */
export function editorIdOf(url: URL, raw: string | undefined): number | null {
  if (raw === undefined || raw === "new") return null;
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_DB_ID) notFound(url.pathname);
  if (raw !== String(n)) throw redirect(`/cp/edit/${n}`, 301);
  return n;
}

/** Staff only (ADR 051: ROLE_USER changes nothing); anyone else sees the §2 404, as for an offer not theirs. */
async function requireEditor(context: Context, url: URL) {
  const user = await requireSessionUser(context, url);
  if (!isStaff(user.roles)) notFound(url.pathname);
  return user;
}

export function editorGroup(group: ProductGroup, coatings: readonly Coating[]): EditorGroup {
  return {
    id: group.id,
    title: group.title,
    image: group.image,
    variations: group.products.map((p) => ({ id: p.id, sku: p.sku, label: describeVariation(p) ?? p.sku, price: p.price, priceTiers: p.priceTiers })),
    coatings: offeredCoatings(coatings, group.coatings).map(toCoatingChoice),
  };
}

/** The groups of the lines (kp/product/{id}), with the print types each takes. Unknown ones are left out. */
export async function loadGroups(api: Api, ids: readonly string[], coatings?: readonly Coating[]): Promise<EditorGroups> {
  const unique = [...new Set(ids.filter((id) => /^\d{1,10}$/.test(id)))].slice(0, READ_LINES);
  if (!unique.length) return {};
  const all = coatings ?? (await api.list(endpoints.coatingAll, {}, []));
  const answers = await Promise.all(unique.map((id) => api.call(endpoints.kpProduct, { params: { id: Number(id) } }).catch(() => null)));
  const out: EditorGroups = {};
  answers.forEach((a, i) => {
    if (a?.ok) out[unique[i]!] = editorGroup(a.data.group, all);
  });
  return out;
}

export function searchHit(p: Product, title?: string): SearchHit {
  const variation = describeVariation(p);
  return { productId: p.id, groupId: p.groupId, title: `${title ?? p.title}${variation && !(title ?? p.title).includes(variation) ? `, ${variation}` : ""}`, sku: p.sku, image: p.images[0] ?? null, price: p.price };
}

/** kp/search/product: variations by title or article (the shop's search), in a category when given. */
export async function searchProducts(api: Api, text: string, category?: string | null): Promise<SearchHit[] | { error: string }> {
  const q = text.trim().slice(0, 200);
  if (!q) return { error: "Введите название или артикул" };
  const categoryId = category && /^\d{1,10}$/.test(category) ? Number(category) : undefined;
  const r = await api.call(endpoints.kpSearchProduct, { query: { text: q, limit: 20, categoryId } });
  if (!r.ok) return { error: r.error.message };
  return r.data.map((p) => searchHit(p));
}

async function clientLists(api: Api, clientId: string) {
  if (!/^\d{1,10}$/.test(clientId)) return { representatives: [], purposes: [] };
  const params = { id: Number(clientId) };
  const [representatives, purposes] = await Promise.all([
    api.list(endpoints.kpClientRepresentativeList, { params }, []),
    api.list(endpoints.kpClientPurposeList, { params }, []),
  ]);
  return { representatives, purposes };
}

export function savedState(offer: Kp): SavedState {
  return {
    id: offer.id,
    version: offer.version,
    totals: offer.totals ?? null,
    lines: offer.items.map((i) => ({ unit: i.price, total: i.totalPrice, prints: i.coatings.map((c) => ({ price: c.price, problems: c.problems.map((p) => p.message) })) })),
    unavailable: null,
  };
}

/** The editor page's data. */
export async function loadEditor(context: Context, url: URL, raw: string | undefined) {
  const id = editorIdOf(url, raw);
  await requireEditor(context, url);
  const api = context.api;
  let offer: Kp | null = null;
  if (id !== null) {
    const read = await api.call(endpoints.kpRead, { params: { id } });
    if (!read.ok) accountCallFailed(read.error, url);
    if (!read.data.canEdit) notFound(url.pathname);
    offer = read.data;
  }
  const draft = offer ? draftOfOffer(offer) : emptyDraft();
  const coatings = await api.list(endpoints.coatingAll, {}, []);
  const [clients, delays, sellers, categories, lists, groups] = await Promise.all([
    api.list(endpoints.kpClientList, {}, [] as KpClient[]),
    api.list(endpoints.commercialOfferDelayList, {}, [] as DelayOption[]),
    api.list(endpoints.legalOur, {}, []),
    api.list(endpoints.kpCategoryList, {}, [] as KpCategory[]),
    clientLists(api, draft.clientId),
    loadGroups(api, draft.items.map((l) => l.groupId), coatings),
  ]);
  return {
    id,
    number: offer?.number ?? null,
    draft,
    saved: offer ? savedState(offer) : null,
    clients,
    delays: [...delays].sort((a, b) => a.days - b.days),
    sellers: sellers.map((s) => ({ id: s.id, title: s.shortTitle })),
    categories: categories.map((c) => ({ id: c.id, title: c.title })),
    representatives: lists.representatives,
    purposes: lists.purposes,
    groups,
  };
}

// ───────────────────────────── Reading a post ─────────────────────────────

const str = (form: FormData, name: string, max = SHORT) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, TEXT_LIMITS[name] ?? max) : "";
};

/** The posted draft: every field as text, cut to its size; lines and print lines up to one beyond their limits. */
export function readDraft(form: FormData): Draft {
  const draft: Draft = {
    version: str(form, "version", 12),
    title: str(form, "title"),
    clientId: str(form, "clientId", 12),
    representativeId: str(form, "representativeId", 12),
    purposeId: str(form, "purposeId", 12),
    delayId: str(form, "delayId", 12),
    sellerCompanyId: str(form, "sellerCompanyId", 12),
    validUntil: str(form, "validUntil", 20),
    vat: str(form, "vat", 10),
    comment: str(form, "comment"),
    items: [],
  };
  for (let i = 0; i < READ_LINES + 1; i++) {
    const p = `items.${i}.`;
    if (!form.has(`${p}productId`)) break;
    const line: DraftLine = {
      key: `p${i}`,
      productId: str(form, `${p}productId`, 12),
      groupId: str(form, `${p}groupId`, 12),
      title: str(form, `${p}title`, 300),
      sku: str(form, `${p}sku`, 100),
      count: str(form, `${p}count`, 20),
      price: str(form, `${p}price`, 20),
      discount: str(form, `${p}discount`, 20),
      comment: str(form, `${p}comment`, 1100),
      coatings: [],
    };
    for (let j = 0; j < READ_COATINGS; j++) {
      const q = `${p}coatings.${j}.`;
      if (!form.has(`${q}coating`)) break;
      line.coatings.push({
        id: str(form, `${q}id`, 64) || `c${i}-${j}`,
        coating: str(form, `${q}coating`, 12),
        variant: str(form, `${q}variant`, 12),
        width: str(form, `${q}width`, 12),
        height: str(form, `${q}height`, 12),
        options: form.getAll(`${q}options`).filter((o): o is string => typeof o === "string").slice(0, 50).map((o) => o.slice(0, 200)),
      });
    }
    draft.items.push(line);
  }
  return draft;
}

const idOrNull = (text: string) => (/^\d{1,10}$/.test(text) && Number(text) >= 1 ? Number(text) : null);

/** The draft as the API's KpInput, or the field errors (the API's paths) of what cannot be one. */
export function draftInput(draft: Draft, id: number | null): { input: KpInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const set = (path: string, message: string) => {
    errors[path] ??= message;
  };
  if (draft.items.length > KP_MAX_LINES) set("items", LINES_MESSAGE);
  let validUntil: string | null = null;
  if (draft.validUntil.trim()) {
    const iso = isoFromTypedDate(draft.validUntil);
    validUntil = iso && isCalendarDate(iso) ? iso : null;
    if (!validUntil) set("validUntil", "Укажите дату в виде дд.мм.гггг");
  }
  const vat = vatOfChoice(draft.vat);
  if (!vat) set("vat", "Выберите НДС из списка");
  const items = draft.items.slice(0, KP_MAX_LINES).map((line, i) => {
    const p = `items.${i}.`;
    const productId = idOrNull(line.productId);
    if (productId === null) set(`${p}productId`, "Товар не найден или снят с продажи");
    const count = countOf(line.count);
    if (count === null) set(`${p}count`, COUNT_MESSAGE);
    const price = typedNumber(line.price);
    if (Number.isNaN(price)) set(`${p}price`, "Укажите цену числом");
    else if (price !== null && price < 0) set(`${p}price`, "Цена не может быть отрицательной");
    const discount = typedNumber(line.discount);
    if (Number.isNaN(discount)) set(`${p}discount`, "Укажите скидку числом");
    const coatings = line.coatings.map((c, j) => {
      const q = `${p}coatings.${j}.`;
      const coating = idOrNull(c.coating);
      if (coating === null) set(`${q}coating`, "Выберите вид нанесения");
      const width = parseSizeText(c.width);
      const height = parseSizeText(c.height);
      if (typeof width !== "number") set(`${q}width`, "Укажите ширину нанесения, мм");
      if (typeof height !== "number") set(`${q}height`, "Укажите высоту нанесения, мм");
      return { id: c.id, coating: coating ?? 0, variant: idOrNull(c.variant), width: width ?? 0, height: height ?? 0, options: c.options };
    });
    return {
      productId: productId ?? 0,
      count: count ?? 0,
      price: Number.isNaN(price) ? null : price,
      discountPercent: Number.isNaN(discount) || price !== null ? null : discount,
      coatings,
      comment: line.comment.trim() || null,
    };
  });
  const candidate = {
    title: draft.title,
    clientId: idOrNull(draft.clientId),
    representativeId: idOrNull(draft.representativeId),
    purposeId: idOrNull(draft.purposeId),
    delayId: idOrNull(draft.delayId),
    sellerCompanyId: idOrNull(draft.sellerCompanyId),
    validUntil,
    vatRate: vat?.vatRate ?? 22,
    vatIncluded: vat?.vatIncluded ?? true,
    comment: draft.comment.trim() || null,
    items,
    version: id !== null ? (idOrNull(draft.version) ?? 1) : undefined,
  };
  const parsed = KpInput.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) set(issue.path.join(".") || "form", issue.message);
  if (Object.keys(errors).length) return { input: null, errors };
  return { input: candidate as KpInput, errors };
}

function reply(draft: Draft, patch: Partial<EditorReply> & { intent: string }): EditorReply {
  return { ok: false, message: null, errors: {}, saved: null, conflict: null, search: null, groups: {}, lists: null, created: null, draft, ...patch };
}

const FIX_MESSAGE = "Исправьте отмеченные поля: предложение не сохранено";

async function save(context: Context, url: URL, id: number | null, draft: Draft, intent: string): Promise<EditorReply> {
  const { input, errors } = draftInput(draft, id);
  if (!input) return reply(draft, { intent, message: errors.form ?? errors.items ?? FIX_MESSAGE, errors });
  const result = id === null ? await context.api.call(endpoints.kpCreate, { body: input }) : await context.api.call(endpoints.kpUpdate, { params: { id }, body: input });
  if (!result.ok) {
    if (result.error.status === 401) toLogin(url);
    if (result.error.status === 404 && id !== null) notFound(url.pathname);
    if (result.error.status === 409 && result.error.conflict) {
      return reply(draft, { intent, message: "Предложение изменили в другой вкладке или другой менеджер: ваши правки не сохранены", conflict: result.error.conflict });
    }
    const fieldErrors: Record<string, string> = { ...result.error.errors };
    return reply(draft, { intent, message: result.error.message || FIX_MESSAGE, errors: fieldErrors });
  }
  if (id === null) throw redirect(`/cp/edit/${result.data.id}`);
  const saved = savedState(result.data);
  return reply({ ...draft, version: String(result.data.version) }, { intent, ok: true, saved });
}

/** The editor's action: save (the whole form), search, add a found product, create a client, a representative or a purpose. */
export async function editorAction(context: Context, request: Request, url: URL, raw: string | undefined): Promise<EditorReply> {
  const id = editorIdOf(url, raw);
  await requireEditor(context, url);
  const form = await request.formData().catch(() => new FormData());
  // Without JavaScript a line's buttons post their own name (add=…, remove=…, addPrint=…).
  const intent = str(form, "intent", 30) || (form.has("add") ? "add" : form.has("remove") ? "remove" : form.has("addPrint") ? "add-print" : "save");
  const draft = readDraft(form);
  const withGroups = async (r: EditorReply) => {
    const [groups, lists] = await Promise.all([loadGroups(context.api, r.draft.items.map((l) => l.groupId)), clientLists(context.api, r.draft.clientId)]);
    return { ...r, groups, lists };
  };

  if (intent === "from-cart") {
    if (id !== null) notFound(url.pathname);
    return withGroups(await save(context, url, null, draftOfCart(str(form, "cart", CART_JSON_MAX)), "save"));
  }
  if (intent === "search") {
    const found = await searchProducts(context.api, str(form, "searchText", 200), str(form, "searchCategory", 12));
    if ("error" in found) return withGroups(reply(draft, { intent, errors: { searchText: found.error } }));
    return withGroups(reply(draft, { intent, ok: true, search: found, message: found.length ? null : "Ничего не нашлось" }));
  }
  if (intent === "add" || intent === "sku") {
    let hit: SearchHit | null = null;
    if (intent === "add") {
      const [productId, groupId] = str(form, "add", 30).split(":").map((s) => idOrNull(s));
      const group = groupId ? (await loadGroups(context.api, [String(groupId)]))[String(groupId)] : undefined;
      const v = group?.variations.find((x) => x.id === productId);
      if (group && v) hit = { productId: v.id, groupId: group.id, title: group.title, sku: v.sku, image: group.image, price: v.price };
      if (!hit) return withGroups(reply(draft, { intent, errors: { searchText: "Товар не найден или снят с продажи" } }));
    } else {
      const sku = str(form, "skuText", 100).trim();
      const found = sku ? await searchProducts(context.api, sku) : { error: "Введите артикул" };
      hit = "error" in found ? null : (found.find((h) => h.sku.toLowerCase() === sku.toLowerCase()) ?? null);
      if (!hit) return withGroups(reply(draft, { intent, errors: { skuText: "error" in found ? found.error : `Товар с артикулом «${sku}» не найден` } }));
    }
    if (draft.items.length >= KP_MAX_LINES) return withGroups(reply(draft, { intent, errors: { items: LINES_MESSAGE }, message: LINES_MESSAGE }));
    const next = { ...draft, items: [...draft.items, newLine(hit)] };
    return withGroups(reply(next, { intent, ok: true }));
  }
  if (intent === "client-create") {
    const parsed = KpClientInput.safeParse({ title: str(form, "newClientTitle"), inn: str(form, "newClientInn", 20).replace(/[\s-]/g, "") });
    if (!parsed.success) return withGroups(reply(draft, { intent, errors: issues(parsed.error.issues, "newClient") }));
    const r = await context.api.call(endpoints.kpClientCreate, { body: parsed.data });
    if (!r.ok) return withGroups(reply(draft, { intent, message: r.error.message, errors: prefixed(r.error.errors, "newClient") }));
    return withGroups(reply({ ...draft, clientId: String(r.data.id), representativeId: "", purposeId: "" }, { intent, ok: true, created: { kind: "client", item: r.data } }));
  }
  if (intent === "representative-create" || intent === "purpose-create") {
    const clientId = idOrNull(draft.clientId);
    if (clientId === null) return withGroups(reply(draft, { intent, errors: { clientId: "Сначала выберите клиента" } }));
    if (intent === "representative-create") {
      const parsed = KpRepresentativeInput.safeParse({ name: str(form, "newRepName"), email: str(form, "newRepEmail", 300), phone: str(form, "newRepPhone", 50) });
      if (!parsed.success) return withGroups(reply(draft, { intent, errors: issues(parsed.error.issues, "newRep") }));
      const r = await context.api.call(endpoints.kpRepresentativeCreate, { params: { id: clientId }, body: parsed.data });
      if (!r.ok) return withGroups(reply(draft, { intent, message: r.error.message, errors: prefixed(r.error.errors, "newRep") }));
      return withGroups(reply({ ...draft, representativeId: String(r.data.id) }, { intent, ok: true, created: { kind: "representative", item: r.data } }));
    }
    const parsed = KpPurposeInput.safeParse({ title: str(form, "newPurposeTitle") });
    if (!parsed.success) return withGroups(reply(draft, { intent, errors: issues(parsed.error.issues, "newPurpose") }));
    const r = await context.api.call(endpoints.kpPurposeCreate, { params: { id: clientId }, body: parsed.data });
    if (!r.ok) return withGroups(reply(draft, { intent, message: r.error.message, errors: prefixed(r.error.errors, "newPurpose") }));
    return withGroups(reply({ ...draft, purposeId: String(r.data.id) }, { intent, ok: true, created: { kind: "purpose", item: r.data } }));
  }
  // A line's «Удалить» without JavaScript: the line goes, and the rest is saved.
  const remove = str(form, "remove", 12);
  if (intent === "remove" && /^\d{1,3}$/.test(remove)) {
    draft.items = draft.items.filter((_, i) => i !== Number(remove));
  }
  const addPrint = str(form, "addPrint", 12);
  if (intent === "add-print" && /^\d{1,3}$/.test(addPrint) && draft.items[Number(addPrint)]) {
    const line = draft.items[Number(addPrint)]!;
    line.coatings.push({ id: `c${Date.now().toString(36)}`, coating: "", variant: "", width: "", height: "", options: [] });
    return withGroups(reply(draft, { intent, ok: true }));
  }
  return withGroups(await save(context, url, id, draft, intent));
}

/** The posted cart (its JSON, at most this long: 200 lines with print lines fit). */
const CART_JSON_MAX = 400_000;

const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * «Сделать КП из корзины» (/cart, staff): the cart's lines (variation, count, comment, print lines)
 * and its comment as a new offer's draft. Junk in the JSON is left out line by line; a line the
 * API refuses comes back in the editor with its message.
 */
export function draftOfCart(json: string): Draft {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = null;
  }
  const cart = (parsed && typeof parsed === "object" ? parsed : {}) as { products?: unknown; comment?: unknown };
  const products = cart.products && typeof cart.products === "object" ? Object.values(cart.products as Record<string, unknown>) : [];
  const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : typeof v === "number" && Number.isFinite(v) ? String(v) : "");
  const today = moscowToday();
  const draft = emptyDraft();
  draft.title = `КП из корзины от ${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`;
  draft.comment = text(cart.comment, 5000);
  draft.items = products.slice(0, READ_LINES).flatMap((raw, i): DraftLine[] => {
    if (!raw || typeof raw !== "object") return [];
    const p = raw as { variation?: unknown; count?: unknown; comment?: unknown; coatings?: unknown };
    const coatings = Array.isArray(p.coatings) ? p.coatings.slice(0, READ_COATINGS) : [];
    return [
      {
        key: `c${i}`,
        productId: text(p.variation, 12),
        groupId: "",
        title: "",
        sku: "",
        count: text(p.count, 12),
        price: "",
        discount: "",
        comment: text(p.comment, 1000),
        coatings: coatings.flatMap((c: unknown, j) => {
          if (!c || typeof c !== "object") return [];
          const l = c as { id?: unknown; coating?: unknown; variant?: unknown; width?: unknown; height?: unknown; options?: unknown };
          const options = Array.isArray(l.options) ? l.options.filter((o): o is string => typeof o === "string").slice(0, 50).map((o) => o.slice(0, 200)) : [];
          return [{ id: text(l.id, 64) || `c${i}-${j}`, coating: text(l.coating, 12), variant: text(l.variant, 12), width: text(l.width, 12), height: text(l.height, 12), options }];
        }),
      },
    ];
  });
  return draft;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function issues(list: readonly { path: PropertyKey[]; message: string }[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of list) out[`${prefix}${capitalise(String(i.path[0] ?? "title"))}`] ??= i.message;
  return out;
}

function prefixed(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) out[`${prefix}${capitalise(k)}`] = v;
  return out;
}

/** /cp/edit/lookup: the editor's look-ups with JavaScript (see routes/cp-edit-lookup.ts). */
export type LookupAnswer = { hits?: SearchHit[]; group?: EditorGroup; error?: string; representatives?: KpRepresentative[]; purposes?: KpPurpose[]; print?: { key: string; price: number | null; error: string | null } };

/** One print line priced by kp/print/calculate (§5: a line that is not complete is refused with its message). */
async function printPrice(api: Api, q: URLSearchParams): Promise<LookupAnswer> {
  const values = readCoatingForm(q);
  const key = postedKey(values);
  if (values.quantityError) return { print: { key, price: null, error: values.quantityError } };
  if (values.coating === null || values.width === null || values.height === null) return { print: { key, price: null, error: "Укажите вид нанесения, ширину и высоту" } };
  const r = await api.call(endpoints.kpPrintCalculate, {
    body: { coating: values.coating, variant: values.variant, width: values.width, height: values.height, options: values.options, quantity: values.quantity, ...(values.productId ? { productId: values.productId } : {}) },
  });
  if (!r.ok) return { print: { key, price: null, error: Object.values(r.error.errors)[0] ?? r.error.message } };
  return { print: { key, price: r.data.price, error: null } };
}

export async function editorLookup(context: Context, url: URL): Promise<LookupAnswer> {
  await requireEditor(context, url);
  const q = url.searchParams;
  const api = context.api;
  const text = q.get("text");
  if (text !== null) {
    const found = await searchProducts(api, text, q.get("category"));
    return "error" in found ? { error: found.error } : { hits: found };
  }
  const group = q.get("group");
  if (group !== null) {
    const g = (await loadGroups(api, [group.slice(0, 12)]))[group.slice(0, 12)];
    return g ? { group: g } : { error: "Товар не найден или снят с продажи" };
  }
  const sku = q.get("sku");
  if (sku !== null) {
    const s = sku.trim().slice(0, 100);
    if (!s) return { error: "Введите артикул" };
    const found = await searchProducts(api, s);
    if ("error" in found) return { error: found.error };
    const hit = found.find((h) => h.sku.toLowerCase() === s.toLowerCase());
    if (!hit) return { error: `Товар с артикулом «${s}» не найден` };
    const g = (await loadGroups(api, [String(hit.groupId)]))[String(hit.groupId)];
    return g ? { hits: [hit], group: g } : { error: `Товар с артикулом «${s}» не найден` };
  }
  const client = q.get("client");
  if (client !== null) return clientLists(api, client.slice(0, 12));
  if (q.get("print") !== null) return printPrice(api, q);
  return { error: "Не указано, что искать" };
}
