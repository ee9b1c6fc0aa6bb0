/** The parts of the cart page (app/routes/cart.tsx); the totals and notes also serve /cart/ordering. */
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import type { CoatingChoice } from "#app/features/coating/coating-form.ts";
import { offeredCoatings, QUANTITY_MESSAGE, quantityProblem } from "#app/features/coating/coating-form.ts";
import { DEFAULT_CARD_IMAGE, productHref } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import {
  addCoatingLine,
  addImages,
  removeCoatingLine,
  removeImage,
  removeItem,
  setCount,
  setItemComment,
  updateCoatingLine,
  MAX_CART_IMAGES,
  MAX_COATINGS_PER_LINE,
  MAX_LINE_COMMENT,
  UPLOAD_ACCEPT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_BIG,
  type LocalCart,
  type LocalCartItem,
  type CartIssues,
  type LocalCoatingLine,
  type OrderingBlock,
} from "#app/features/cart/cart.ts";
import { coatingLineState, formatWeight, type CartLineView, type CartView, type CoatingLineState } from "#app/features/cart/cart-view.ts";
import type { UploadResult } from "#app/features/cart/cart.server.ts";
import { useDraft } from "#app/features/cart/use-draft.ts";
import { parseSizeText, sizeText, type PrintLineFields } from "#app/features/coating/print-line.ts";
import { PrintLineEditor, type PrintLineField } from "#app/features/coating/print-line-editor.tsx";
import { formatCount } from "#app/lib/format.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { ShopEmptyResults } from "#app/components/empty-results.tsx";

type Update = (change: (cart: LocalCart) => LocalCart) => void;

export function indexChoices(coatings: readonly CoatingChoice[]): Map<number, CoatingChoice> {
  return new Map(coatings.map((c) => [c.id, c]));
}

/** Without JavaScript there is no cart (it lives in local storage): say so, and how to order anyway. */
export function NoScriptCart() {
  return (
    <noscript>
      <div className="cart-page__noscript" data-testid="cart-noscript">
        <p>
          <strong>Для корзины нужен JavaScript:</strong> она хранится в вашем браузере. Включите JavaScript в настройках браузера или
          закажите по телефону или e-mail.
        </p>
        <ShopEmptyResults lead="Позвоните или напишите нам — менеджер примет заказ и поможет подобрать товар и нанесение." />
      </div>
    </noscript>
  );
}

const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Before a list item is removed with its focused "Удалить" button: once it is gone, the focus goes
 * to the next item's first control, else the previous one's, else `fallback` (never <body>).
 */
export function focusAfterRemoval(button: HTMLElement, fallback: () => HTMLElement | null | undefined) {
  const item = button.closest("li");
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling ?? null;
  setTimeout(() => {
    const target = (neighbour?.isConnected ? neighbour.querySelector<HTMLElement>(FOCUSABLE) : null) ?? fallback();
    target?.focus();
  }, 0);
}

/** The page's heading (tabIndex -1): where the focus goes when nothing near is left. */
export const pageHeading = () => document.querySelector<HTMLElement>("main h1, h1");

const newLineId = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `l${Date.now()}${Math.round(Math.random() * 1e6)}`);

export function CartLineRow({
  item,
  priced,
  pending,
  coatings,
  byId,
  update,
  onCountProblem,
}: {
  item: LocalCartItem;
  priced: CartLineView | null;
  pending: boolean;
  coatings: readonly CoatingChoice[];
  byId: ReadonlyMap<number, CoatingChoice>;
  update: Update;
  /** Told while the typed count is not a valid one: the page's totals and "Оформить заказ" wait for it. */
  onCountProblem?: (variation: number, invalid: boolean) => void;
}) {
  const href = productHref(priced?.groupId ?? 0, item.variation);
  const countId = `count-${item.variation}`;
  // The typed count while it is not a valid one (§5); a valid one goes to the cart at once.
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : quantityProblem(draft);
  const invalid = problem !== null;
  // A typed 0 asks whether to remove the line (it is not a count the line can have).
  const zero = invalid && /^0+$/.test(draft?.trim() ?? "");
  const onCount = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    if (quantityProblem(text) === null) {
      setDraft(null);
      update((c) => setCount(c, item.variation, Number(text.trim())));
    } else setDraft(text);
  };
  const { variation } = item;
  useEffect(() => {
    onCountProblem?.(variation, invalid);
  }, [onCountProblem, variation, invalid]);
  useEffect(() => () => onCountProblem?.(variation, false), [onCountProblem, variation]);
  const comment = useDraft(item.comment ?? "");
  // Only for the count it was priced at (an answer for an older count says nothing of this one).
  const stockNote = priced && priced.count === item.count && draft === null ? priced.stockNote : null;
  // The print types this product takes, as its page offers them; null until the line is priced.
  const offered = priced ? offeredCoatings(coatings, priced.coatingIds) : null;
  const remove = (button: HTMLElement) => {
    focusAfterRemoval(button, pageHeading);
    update((c) => removeItem(c, item.variation));
  };

  return (
    <li className="cart-line" data-testid="cart-line" data-variation={item.variation}>
      <div className="cart-line__main">
        {priced ? (
          <AppLink to={href} className="cart-line__picture" prefetch="none" tabIndex={-1}>
            <img src={priced.image ?? DEFAULT_CARD_IMAGE} alt={priced.title} width={96} height={96} loading="lazy" decoding="async" />
          </AppLink>
        ) : (
          <span className="cart-line__picture cart-line__picture--empty" />
        )}
        <div className="cart-line__about">
          {priced ? (
            <AppLink to={href} className="cart-line__title" prefetch="none">
              {priced.title}
            </AppLink>
          ) : (
            <span className="cart-line__title cart-line__title--pending">{pending ? "Загружаем товар…" : `Товар ${item.variation}`}</span>
          )}
          {priced ? (
            <p className="cart-line__facts">
              {priced.color ? <span>Цвет: {priced.color.title}</span> : null}
              {priced.size ? <span>Размер: {priced.size}</span> : null}
              <span>Арт. {priced.sku}</span>
            </p>
          ) : null}
          {priced ? (
            <p className="cart-line__unit">
              {formatPrice(priced.unitPrice)} за шт.
              {priced.tierFrom !== null ? <span className="cart-line__tier"> — цена от {formatCount(priced.tierFrom)} шт.</span> : null}
              {priced.nextTier ? (
                <span className="cart-line__next-tier">
                  {" "}
                  От {formatCount(priced.nextTier.minQty)} шт. — {formatPrice(priced.nextTier.price)} за шт.
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="cart-line__count">
          <label className="field__label" htmlFor={countId}>
            Количество, шт.
          </label>
          <input
            id={countId}
            className="field__input"
            type="number"
            min={1}
            max={999_999}
            step={1}
            inputMode="numeric"
            value={draft ?? String(item.count)}
            onChange={onCount}
            onBlur={() => problem === null && setDraft(null)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[problem ? `${countId}-error` : "", stockNote ? `${countId}-stock` : ""].filter(Boolean).join(" ") || undefined}
            data-testid="cart-count-input"
          />
          {problem && !zero ? (
            <p className="field__error" id={`${countId}-error`} role="alert">
              {QUANTITY_MESSAGE}
            </p>
          ) : null}
        </div>
        <div className="cart-line__price" data-testid="cart-line-price">
          {/* No total for a count that is not one (the old count's total would be a wrong answer). */}
          {priced && !invalid ? <strong>{formatPrice(priced.price)}</strong> : <span className="cart-line__price--pending">—</span>}
          {priced && !invalid && priced.printPrice > 0 ? <span className="cart-line__print">в т. ч. нанесение {formatPrice(priced.printPrice)}</span> : null}
        </div>
        <button
          type="button"
          className="cart-line__remove"
          onClick={(e) => remove(e.currentTarget)}
          aria-label={`Удалить ${priced?.title ?? "товар"} из корзины`}
        >
          Удалить
        </button>
      </div>
      {/* Under the whole row (the count's column is narrow): a typed 0, and a count beyond the stock. */}
      {zero ? (
        <div className="cart-line__zero" id={`${countId}-error`} role="alert" data-testid="cart-zero-count">
          <p className="field__error">Количество 0 — удалить товар из корзины?</p>
          <button type="button" className="button cart-line__zero-remove" onClick={(e) => remove(e.currentTarget)}>
            Удалить товар
          </button>
          <button type="button" className="link-button" onClick={() => setDraft(null)}>
            Оставить {formatCount(item.count)} шт.
          </button>
        </div>
      ) : null}
      {stockNote ? (
        // ADR 025: more than the stock is still orderable; the note says how many wait and how long.
        <p className="cart-line__stock" id={`${countId}-stock`} data-testid="cart-stock-note">
          {stockNote}
        </p>
      ) : null}

      <div className="cart-line__coatings">
        {item.coatings.length > 0 ? (
          <ul className="cart-coatings">
            {item.coatings.map((line) => (
              <CoatingLineEditor
                key={line.id}
                line={line}
                variation={item.variation}
                offered={offered}
                byId={byId}
                state={coatingLineState(line, byId, priced)}
                priced={priced?.coatings.find((c) => c.id === line.id) ?? null}
                update={update}
              />
            ))}
          </ul>
        ) : null}
        {item.coatings.length < MAX_COATINGS_PER_LINE && offered && offered.length > 0 ? (
          <button type="button" className="link-button cart-line__add-coating" onClick={() => update((c) => addCoatingLine(c, item.variation, newLineId()))}>
            + Добавить нанесение
          </button>
        ) : null}
      </div>

      <label className="field cart-line__comment">
        <span className="field__label">Комментарий к товару</span>
        <textarea
          className="field__input"
          rows={1}
          maxLength={MAX_LINE_COMMENT}
          value={comment.value}
          onFocus={comment.onFocus}
          onBlur={comment.onBlur}
          onChange={(e) => {
            comment.set(e.target.value);
            update((c) => setItemComment(c, item.variation, e.target.value));
          }}
        />
      </label>
    </li>
  );
}

/**
 * One coating line of a product, editable (§3 Coating; §5: complete with coating, sizes, variant),
 * in the shared print-line editor. It offers only the print types the product takes (`offered`,
 * as the product page does); until the line is priced (and so what the product takes is known)
 * the choice waits. Every valid change is saved to the cart at once; a size being typed stays a
 * draft that follows another tab's change while it is not typed in.
 */
function CoatingLineEditor({
  line,
  variation,
  offered,
  byId,
  state,
  priced,
  update,
}: {
  line: LocalCoatingLine;
  variation: number;
  /** Null while not known (the line is not priced yet). */
  offered: readonly CoatingChoice[] | null;
  byId: ReadonlyMap<number, CoatingChoice>;
  state: CoatingLineState;
  priced: CartLineView["coatings"][number] | null;
  update: Update;
}) {
  const complete = state.kind === "ok" || state.kind === "refused";
  const price = priced && priced.problems.length === 0 ? priced.price : null;
  // A coating the product does not take is not offered, nor shown as chosen: the message names it.
  const coating = state.kind === "not-offered" ? undefined : byId.get(line.coating ?? 0);
  const choices = offered ?? (coating ? [coating] : []);
  const drafts = { width: useDraft(sizeText(line.width)), height: useDraft(sizeText(line.height)) };
  const save = (patch: Partial<LocalCoatingLine>) => update((c) => updateCoatingLine(c, variation, { ...line, ...patch }));
  const value: PrintLineFields = {
    coating: coating ? String(coating.id) : "",
    variant: sizeText(line.variant),
    width: drafts.width.value,
    height: drafts.height.value,
    options: line.options,
  };
  const onChange = (next: PrintLineFields, field: PrintLineField) => {
    if (field === "width" || field === "height") {
      drafts[field].set(next[field]);
      const n = parseSizeText(next[field]);
      if (n !== undefined) save({ [field]: n });
    } else if (field === "coating") save({ coating: idOf(next.coating), variant: null, options: next.options });
    else if (field === "variant") save({ variant: idOf(next.variant) });
    else save({ options: next.options });
  };

  return (
    <li className={complete ? "cart-coating" : "cart-coating cart-coating--incomplete"} data-testid="cart-coating">
      <PrintLineEditor
        id={`coating-${variation}-${line.id}`}
        label="Нанесение"
        choices={choices}
        value={value}
        onChange={onChange}
        disabled={offered === null}
        invalid={state.kind === "not-offered"}
        onSizeFocus={(field) => drafts[field].onFocus()}
        onSizeBlur={(field) => drafts[field].onBlur()}
      >
        <div className="cart-coating__price">{complete ? (price !== null ? formatPrice(price) : "…") : null}</div>
        <button
          type="button"
          className="cart-line__remove"
          onClick={(e) => {
            // Next: a neighbouring coating, else "+ Добавить нанесение" or the line's count.
            const cartLine = e.currentTarget.closest<HTMLElement>(".cart-line");
            focusAfterRemoval(
              e.currentTarget,
              () => cartLine?.querySelector<HTMLElement>(".cart-line__add-coating") ?? cartLine?.querySelector<HTMLElement>("[data-testid=cart-count-input]"),
            );
            update((c) => removeCoatingLine(c, variation, line.id));
          }}
          aria-label="Удалить нанесение"
        >
          Удалить
        </button>
      </PrintLineEditor>
      {state.kind === "not-offered" || state.kind === "refused" ? (
        <p className="field__error" role="alert" data-testid="cart-coating-problem">
          {state.message}
        </p>
      ) : null}
      {state.kind === "incomplete" ? (
        <p className="cart-coating__hint" role="status">
          Выберите вид нанесения{coating && coating.variants.length > 0 ? ", вариант" : ""} и укажите ширину и высоту — иначе нанесение не рассчитать и заказ не оформить.
        </p>
      ) : null}
    </li>
  );
}

const idOf = (text: string): number | null => (/^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/**
 * §3 cart page totals: Товары, Нанесение, Итого, the number of items and the weight. `unknown`
 * (a count being typed is not a count): dashes, not the totals of the count before.
 */
export function CartTotals({ view, dimmed, unknown = false }: { view: CartView; dimmed: boolean; unknown?: boolean }) {
  const show = (text: string) => (unknown ? "—" : text);
  return (
    <dl className={dimmed ? "cart-totals cart-totals--pending" : "cart-totals"} aria-busy={dimmed} data-testid="cart-totals">
      <div>
        <dt>Товары</dt>
        <dd data-testid="cart-items-price">{show(formatPrice(view.itemsPrice))}</dd>
      </div>
      <div>
        <dt>Нанесение</dt>
        <dd data-testid="cart-print-price">{show(formatPrice(view.printPrice))}</dd>
      </div>
      <div>
        <dt>Количество</dt>
        <dd>{show(`${formatCount(view.totalCount)} шт.`)}</dd>
      </div>
      <div>
        <dt>Вес</dt>
        <dd>{show(formatWeight(view.weight))}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Итого</dt>
        <dd data-testid="cart-total">{show(formatPrice(view.price))}</dd>
      </div>
    </dl>
  );
}

/** What the lines need before ordering, in the words their own messages use (one sentence per kind). */
export function cartIssuesText(issues: CartIssues): string {
  const parts: string[] = [];
  if (issues.badCounts > 0) parts.push("Укажите количество от 1 до 999 999 шт. или удалите товар.");
  if (issues.notOffered > 0) parts.push("Выбранное нанесение недоступно для товара — выберите другое или удалите его.");
  if (issues.incomplete > 0) parts.push("Заполните нанесение (вид, вариант и размеры) или удалите его.");
  if (issues.refused > 0) parts.push("Нанесение не рассчитано — исправьте его по подсказке у товара.");
  return parts.join(" ");
}

/** Why "Оформить заказ" is not available (§4). */
export function OrderBlockNote({ block, pending, failed = false }: { block: OrderingBlock; pending: boolean; failed?: boolean }) {
  if (pending) return <p className="cart-summary__note">Считаем стоимость…</p>;
  if (failed && block.blocked && block.reason !== "empty") {
    return (
      <p className="cart-summary__note cart-summary__note--block" data-testid="order-block">
        Стоимость не рассчитана — оформить заказ пока нельзя.
      </p>
    );
  }
  if (!block.blocked) return null;
  let text: string;
  switch (block.reason) {
    case "empty":
      text = "Корзина пуста.";
      break;
    case "lines":
      text = cartIssuesText(block.issues);
      break;
    case "minimum":
      text = `До минимальной суммы заказа не хватает ${formatPrice(block.missing)}`;
      break;
  }
  return (
    <p className="cart-summary__note cart-summary__note--block" data-testid="order-block">
      {text}
    </p>
  );
}

/** Layouts attached to the order: upload (pictures and PDF, /cart/upload), thumbnails, remove. */
export function CartImages({ cart, update }: { cart: LocalCart; update: Update }) {
  const fetcher = useFetcher<UploadResult>({ key: "cart-upload" });
  const handled = useRef<UploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      update((c) => addImages(c, [result.file]));
      setError(null);
    } else setError(result.error);
    if (input.current) input.current.value = "";
  }, [fetcher.data, update]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(UPLOAD_TOO_BIG);
      e.target.value = "";
      return;
    }
    const body = new FormData();
    body.set("kind", "layout");
    body.set("file", file);
    void fetcher.submit(body, { method: "post", action: "/cart/upload", encType: "multipart/form-data", defaultShouldRevalidate: false });
  };

  return (
    <section className="cart-images" aria-labelledby="cart-images-title">
      <h2 id="cart-images-title" className="cart-images__title">
        Макеты и логотипы
      </h2>
      {cart.images.length > 0 ? (
        <ul className="cart-images__list">
          {cart.images.map((image) => (
            <li key={image.id} className="cart-images__item" data-testid="cart-image">
              {image.mimeType.startsWith("image/") ? (
                <img src={image.thumbnailUrl ?? image.url} alt={image.originalName} width={80} height={80} loading="lazy" />
              ) : (
                <span className="cart-images__file">PDF</span>
              )}
              <a href={image.url} target="_blank" rel="noopener noreferrer" className="cart-images__name">
                {image.originalName || "Файл"}
              </a>
              <button
                type="button"
                className="cart-line__remove"
                onClick={(e) => {
                  focusAfterRemoval(e.currentTarget, () => input.current);
                  update((c) => removeImage(c, image.id));
                }}
                aria-label={`Удалить файл ${image.originalName}`}
              >
                Удалить
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {cart.images.length < MAX_CART_IMAGES ? (
        <label className="cart-images__upload">
          <span className="field__label">Прикрепить макет или логотип (PNG, JPEG, WebP или PDF, до 10 МБ)</span>
          <input ref={input} type="file" accept={UPLOAD_ACCEPT_TYPES} onChange={onFile} disabled={fetcher.state !== "idle"} />
        </label>
      ) : null}
      {fetcher.state !== "idle" ? <p className="cart-images__status">Загружаем файл…</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** §4: variations no longer sold were dropped from the local cart (the cart and ordering pages). */
export function RemovedNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="cart-page__notice" role="status" data-testid="cart-removed">
      Некоторых товаров больше нет в продаже — убрали их из корзины ({count}).
    </p>
  );
}

/** §8: the cart could not be priced (zeros are shown); the lines stay, and it can be tried again. */
export function PricingError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="cart-page__error" role="alert" data-testid="cart-error">
      <p>
        Что-то пошло не так: не удалось рассчитать корзину.{message !== "Что-то пошло не так" ? ` ${message}` : null}
      </p>
      <button type="button" className="button" onClick={retry}>
        Повторить
      </button>
    </div>
  );
}
