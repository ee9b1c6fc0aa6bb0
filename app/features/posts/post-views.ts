/** What the post pages show, as their loaders return it (shared by the server and the browser). */

/** The cover's own size (api/media "post" pictures are 800×500). */
export const COVER_SIZE = { width: 800, height: 500 } as const;

export interface PostCardView {
  id: number;
  href: string;
  title: string;
  lead: string;
  image: string | null;
  date: string;
  dateAttr: string;
  /** Promotions: "с 16.11.26 по 31.01.27" and whether it runs today. */
  period: string | null;
  periodState: "current" | "past" | "future" | null;
}

export interface CommentView {
  id: number;
  author: string;
  date: string;
  dateAttr: string;
  paragraphs: string[];
  /** The viewer wrote it (or is an admin): edit and delete shown (logged-in pages only, never cached). */
  editable: boolean;
  /** The text as written, for the edit form (shown as text; only when editable). */
  text: string | null;
}

