/**
 * §7 "Comments" on a blog post (issue 18: "blog posts show their comments"; ADR 030): `{id}` of
 * list and create is the post's id. §3 gives only `text`; author and dates are designed here.
 * §6 "comment write access: not shown" — designed: any logged-in user writes; only the author
 * (or ROLE_ADMIN) edits or deletes (403 otherwise). The server stores the text as plain text
 * (trimmed, control characters dropped) and the author's profile name ("Покупатель" without one).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { IdParams, Success, id, isoDateTime } from "./common.ts";

export const Comment = z.object({
  id: id(),
  postId: id(),
  /** Plain text as written; shown as text, never as HTML (§5). */
  text: z.string(),
  /** The name shown; `id` is the user's, null for comments kept from before accounts (ADR 030). */
  author: z.object({ id: id().nullable(), name: z.string() }),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** True when the current user may edit or delete it (false for anonymous visitors). */
  editable: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

export const COMMENT_MAX_LENGTH = 2000;
export const CommentRequest = z.object({
  text: z
    .string({ error: "Напишите комментарий" })
    .trim()
    .min(1, "Напишите комментарий")
    .max(COMMENT_MAX_LENGTH, `Комментарий длиннее ${COMMENT_MAX_LENGTH} символов`),
});
export type CommentRequest = z.infer<typeof CommentRequest>;

const tag = "comment";

export const commentEndpoints = {
  commentList: endpoint({
    id: "commentList",
    method: "GET",
    path: "/comment/list/{id}",
    tag,
    summary: "Comments of a blog post ({id} = post id), oldest first; 404 for no such published post",
    // Shared only without a bearer: `editable` is the caller's (the client never caches a call with a token).
    shared: true,
    timeout: "default",
    params: IdParams,
    response: z.array(Comment),
  }),
  commentCreate: endpoint({
    id: "commentCreate",
    method: "POST",
    path: "/comment/create/{id}",
    tag,
    summary: "Comment a blog post ({id} = post id)",
    auth: true,
    timeout: "default",
    params: IdParams,
    body: CommentRequest,
    response: Comment,
  }),
  commentUpdate: endpoint({
    id: "commentUpdate",
    method: "POST",
    path: "/comment/update/{id}",
    tag,
    summary: "Edit a comment ({id} = comment id; author or admin)",
    auth: true,
    timeout: "default",
    params: IdParams,
    body: CommentRequest,
    response: Comment,
  }),
  commentDelete: endpoint({
    id: "commentDelete",
    method: "DELETE",
    path: "/comment/delete/{id}",
    tag,
    summary: "Delete a comment ({id} = comment id); §7 answers data.success",
    auth: true,
    timeout: "default",
    params: IdParams,
    response: Success,
  }),
};
