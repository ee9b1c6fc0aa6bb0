/**
 * Writing comments on a blog post (issue 19, ADR 034): the post page's action, intents
 * create | update | delete, through /api/comment/* with the visitor's token (ADR 003). A plain
 * `<Form>`: works without JavaScript, a success redirects back to the comment (so a reload does not
 * post again), a refusal comes back as a Russian message under the field with the text kept.
 * Who may edit or delete is the API's decision (`editable`, 403/404 for another's comment).
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { DEFAULT_ERROR_MESSAGE } from "#app/lib/api-client.server.ts";

export const COMMENT_MAX = 2000;
export const COMMENT_EMPTY_MESSAGE = "Напишите комментарий";
export const COMMENT_TOO_LONG_MESSAGE = `Комментарий слишком длинный: не больше ${COMMENT_MAX} символов`;
export const COMMENT_LOGIN_MESSAGE = "Войдите, чтобы оставить комментарий";
export const COMMENT_NOT_YOURS_MESSAGE = "Этот комментарий нельзя изменить: он удалён или написан не вами";
export const COMMENT_BAD_REQUEST_MESSAGE = "Не удалось прочитать форму. Обновите страницу и попробуйте ещё раз.";

export type CommentIntent = "create" | "update" | "delete";

export interface CommentActionAnswer {
  intent: CommentIntent | null;
  /** The comment edited or deleted (null for a new one). */
  commentId: number | null;
  /** Under the text field. */
  error: string;
  /** What was typed, given back. */
  text: string;
}

interface FormLike {
  get(name: string): FormDataEntryValue | null;
}

const ID = /^[1-9]\d{0,8}$/;

function readText(form: FormLike): { text: string; error: string | null } {
  const raw = form.get("text");
  const text = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) return { text: "", error: COMMENT_EMPTY_MESSAGE };
  if (text.length > COMMENT_MAX) return { text: text.slice(0, COMMENT_MAX + 100), error: COMMENT_TOO_LONG_MESSAGE };
  return { text, error: null };
}

function messageOf(error: { status: number; message: string; errors: Record<string, string> }): string {
  if (error.status === 401) return COMMENT_LOGIN_MESSAGE;
  if (error.status === 403 || error.status === 404) return COMMENT_NOT_YOURS_MESSAGE;
  return error.errors.text ?? Object.values(error.errors)[0] ?? (error.message || DEFAULT_ERROR_MESSAGE);
}

/** POST /blog/{id}: the comment form. Answers a redirect on success, else the message and the text. */
export async function commentAction(context: Pick<AppLoadContext, "api" | "isAuthenticated">, postPath: string, postId: number, form: FormLike | null): Promise<CommentActionAnswer | Response> {
  const intentRaw = form?.get("intent");
  const intent: CommentIntent | null = intentRaw === "create" || intentRaw === "update" || intentRaw === "delete" ? intentRaw : null;
  const idRaw = form?.get("commentId");
  const commentId = typeof idRaw === "string" && ID.test(idRaw) ? Number(idRaw) : null;
  const answer = (error: string, text = ""): CommentActionAnswer => ({ intent, commentId, error, text });
  if (!form || !intent || (intent !== "create" && commentId === null)) return answer(COMMENT_BAD_REQUEST_MESSAGE);
  if (!context.isAuthenticated) return answer(COMMENT_LOGIN_MESSAGE);

  if (intent === "delete") {
    const result = await context.api.call(endpoints.commentDelete, { params: { id: commentId! } });
    return result.ok ? redirect(`${postPath}#comments`, 303) : answer(messageOf(result.error));
  }
  const { text, error } = readText(form);
  if (error) return answer(error, text);
  const result =
    intent === "create"
      ? await context.api.call(endpoints.commentCreate, { params: { id: postId }, body: { text } })
      : await context.api.call(endpoints.commentUpdate, { params: { id: commentId! }, body: { text } });
  if (!result.ok) return answer(messageOf(result.error), text);
  return redirect(`${postPath}#comment-${result.data.id}`, 303);
}
