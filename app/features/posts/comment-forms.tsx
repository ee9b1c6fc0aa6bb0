/**
 * The comment forms of a blog post (issue 19): a new comment under the list for a logged-in
 * visitor, "Войдите, чтобы оставить комментарий" for anyone else (the anonymous page is shared by
 * the page cache, so it says the same to every anonymous visitor), and edit/delete for one's own
 * comments. Plain `<Form>`s with intents: they work without JavaScript; errors (Russian) show under
 * the field with the text kept.
 */
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AppLink } from "#app/lib/navigation.tsx";
import type { CommentView } from "./post-views.ts";

/** What the post page's action answers on a refusal (comments.server.ts CommentActionAnswer). */
export interface CommentAnswer {
  intent: "create" | "update" | "delete" | null;
  commentId: number | null;
  error: string;
  text: string;
}

const MAX = 2000;

function useBusy(intent: string, commentId: number | null): boolean {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state === "submitting" && form?.get("intent") === intent && (commentId === null || form.get("commentId") === String(commentId));
}

/**
 * Empties the new-comment box once its comment is posted: with JavaScript the page stays mounted
 * after the redirect, and the box would keep the text, inviting the same comment twice. A refusal
 * (`refused`: the action's answer) keeps the text.
 */
function useEmptiedAfterPost(refused: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const posting = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "create") posting.current = true;
    else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      if (!refused) form.current?.reset();
    }
  }, [navigation.state, navigation.formData, refused]);
  return form;
}

export function CommentForms({ path, canComment, answer }: { path: string; canComment: boolean; answer: CommentAnswer | null }) {
  const busy = useBusy("create", null);
  const mine = answer && answer.intent === "create" ? answer : null;
  const form = useEmptiedAfterPost(mine !== null);
  if (!canComment) {
    return (
      <p className="post-comments__login" data-testid="comment-login">
        <AppLink to={`/login?redirectTo=${encodeURIComponent(path)}`}>Войдите, чтобы оставить комментарий</AppLink>
      </p>
    );
  }
  return (
    <Form ref={form} method="post" action={path} className="comment-form" preventScrollReset data-testid="comment-form">
      <input type="hidden" name="intent" value="create" />
      <label className="field">
        <span className="field__label">Ваш комментарий</span>
        <textarea
          key={mine ? `error:${mine.text}` : "new"}
          className="field__input"
          name="text"
          rows={4}
          maxLength={MAX}
          required
          defaultValue={mine?.text ?? ""}
          aria-invalid={mine ? true : undefined}
          aria-describedby={mine ? "comment-new-error" : undefined}
        />
      </label>
      {mine ? (
        <p className="field__error" id="comment-new-error" role="alert" data-testid="comment-error">
          {mine.error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Отправляем…" : "Отправить"}
      </button>
    </Form>
  );
}

/** Under one's own comment: "Изменить" (opens the edit form, ?edit=ID) and "Удалить"; or the edit form itself. */
export function CommentControls({ comment, editing, answer }: { comment: CommentView; editing: boolean; answer: CommentAnswer | null }) {
  const saving = useBusy("update", comment.id);
  const deleting = useBusy("delete", comment.id);
  const mine = answer && answer.commentId === comment.id ? answer : null;
  const errorId = `comment-${comment.id}-error`;
  if (editing || mine?.intent === "update") {
    return (
      <Form method="post" className="comment-form comment-form--edit" preventScrollReset data-testid="comment-edit-form">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="commentId" value={comment.id} />
        <label className="field">
          <span className="field__label">Текст комментария</span>
          <textarea
            className="field__input"
            name="text"
            rows={4}
            maxLength={MAX}
            required
            defaultValue={mine?.text || comment.text || ""}
            aria-invalid={mine ? true : undefined}
            aria-describedby={mine ? errorId : undefined}
          />
        </label>
        {mine ? (
          <p className="field__error" id={errorId} role="alert" data-testid="comment-error">
            {mine.error}
          </p>
        ) : null}
        <div className="comment-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Сохраняем…" : "Сохранить"}
          </button>
          <AppLink to={`?#comment-${comment.id}`} className="button" preventScrollReset>
            Отмена
          </AppLink>
        </div>
      </Form>
    );
  }
  return (
    <div className="post-comment__controls">
      <AppLink to={`?edit=${comment.id}#comment-${comment.id}`} preventScrollReset data-testid="comment-edit">
        Изменить
      </AppLink>
      <Form method="post" preventScrollReset className="post-comment__delete">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="commentId" value={comment.id} />
        <button type="submit" disabled={deleting} data-testid="comment-delete">
          {deleting ? "Удаляем…" : "Удалить"}
        </button>
      </Form>
      {mine ? (
        <p className="field__error" role="alert" data-testid="comment-error">
          {mine.error}
        </p>
      ) : null}
    </div>
  );
}
