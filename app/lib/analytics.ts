/** §9 analytics goals. Events go to a data layer that a production analytics script reads. */
export type Goal = "order_add_to_bag" | "order_send" | "telephone" | "help" | `filter_${string}`;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function trackGoal(goal: Goal, params?: Record<string, unknown>) {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push({ event: "goal", goal, ...params });
}
