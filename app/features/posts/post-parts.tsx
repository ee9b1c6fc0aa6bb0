/** Parts of the post pages: list cards, page links, the promotion's period and the comments. */
import { AppLink } from "#app/lib/navigation.tsx";
import { PageLinks } from "#app/features/catalog/listing/pagination.tsx";
import type { ReactNode } from "react";
import type { CommentView, PostCardView } from "./post-views.ts";
import { CommentControls, type CommentAnswer } from "./comment-forms.tsx";

/** Cards of the first row load eagerly (they are the page's largest pictures). */
const EAGER_CARDS = 3;

export function PostGrid({ posts }: { posts: readonly PostCardView[] }) {
  return (
    <ul className="post-grid">
      {posts.map((post, i) => (
        <li key={post.id}>
          <PostCard post={post} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}

function PostCard({ post, eager }: { post: PostCardView; eager: boolean }) {
  return (
    <article className="post-card">
      {/* The picture repeats the title's link: one link for keyboards and screen readers. */}
      <AppLink to={post.href} className="post-card__picture" tabIndex={-1} aria-hidden="true" prefetch="none">
        {post.image ? <img src={post.image} alt="" width={800} height={500} loading={eager ? "eager" : "lazy"} decoding="async" /> : null}
      </AppLink>
      <div className="post-card__text">
        <p className="post-card__meta">
          <time dateTime={post.dateAttr}>{post.date}</time>
          {post.period ? <PeriodBadge period={post.period} state={post.periodState} /> : null}
        </p>
        <h2 className="post-card__title">
          <AppLink to={post.href}>{post.title}</AppLink>
        </h2>
        <p className="post-card__lead">{post.lead}</p>
      </div>
    </article>
  );
}

const STATE_TITLES = { current: "Идёт", past: "Завершена", future: "Скоро" } as const;

export function PeriodBadge({ period, state }: { period: string; state: PostCardView["periodState"] }) {
  return (
    <span className={`post-period post-period--${state ?? "current"}`}>
      {state ? <strong>{STATE_TITLES[state]}</strong> : null} {period}
    </span>
  );
}

/** ?page=N links; page 1 is the list's own path (canonical without ?page). Works without JavaScript. */
export function PostPagination({ base, page, pageCount }: { base: string; page: number; pageCount: number }) {
  return <PageLinks page={page} pageCount={pageCount} href={(n) => (n === 1 ? base : `${base}?page=${n}`)} />;
}

/** A blog post's comments (§7), oldest first; their text is plain text (comment-text.ts). */
export function PostComments({
  comments,
  editing = null,
  answer = null,
  children,
}: {
  comments: readonly CommentView[];
  /** The comment whose edit form is open (?edit=ID). */
  editing?: number | null;
  answer?: CommentAnswer | null;
  /** The new-comment form, or the login prompt. */
  children?: ReactNode;
}) {
  return (
    <section className="post-comments" id="comments" aria-labelledby="post-comments-title" data-testid="post-comments">
      <h2 id="post-comments-title">Комментарии ({comments.length})</h2>
      {comments.length === 0 ? (
        <p className="post-comments__empty">Комментариев пока нет.</p>
      ) : (
        <ol className="post-comments__list">
          {comments.map((c) => (
            <li key={c.id} className="post-comment" id={`comment-${c.id}`} data-testid="post-comment">
              <p className="post-comment__meta">
                <span className="post-comment__author">{c.author}</span> <time dateTime={c.dateAttr}>{c.date}</time>
              </p>
              {editing === c.id && c.editable
                ? null
                : c.paragraphs.map((text, i) => (
                    <p key={i} className="post-comment__text">
                      {text}
                    </p>
                  ))}
              {c.editable ? <CommentControls comment={c} editing={editing === c.id} answer={answer} /> : null}
            </li>
          ))}
        </ol>
      )}
      {children}
    </section>
  );
}
