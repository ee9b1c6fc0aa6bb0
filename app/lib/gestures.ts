/**
 * §9 touch gestures: tap tolerance 10 px, swipe tolerance 30 px, hold and long tap 400 ms, drag
 * frequency 100 ms. The hero slider and the product gallery use `useSwipe`; without JavaScript
 * (or with a mouse) their tracks still scroll and snap natively.
 */
import { useEffect, useRef, type RefObject } from "react";

export const TAP_TOLERANCE = 10;
export const SWIPE_TOLERANCE = 30;
export const HOLD_MS = 400;
export const DRAG_FREQUENCY_MS = 100;

export type Gesture = "tap" | "hold" | "swipe-left" | "swipe-right" | "swipe-up" | "swipe-down" | "none";

/**
 * What a finger did between touching and leaving: within the tap tolerance it is a tap (or a hold
 * after 400 ms); beyond the swipe tolerance a swipe along the main axis; in between, nothing.
 */
export function classifyGesture(dx: number, dy: number, ms: number): Gesture {
  const distance = Math.max(Math.abs(dx), Math.abs(dy));
  if (distance <= TAP_TOLERANCE) return ms >= HOLD_MS ? "hold" : "tap";
  if (distance < SWIPE_TOLERANCE) return "none";
  if (Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? "swipe-left" : "swipe-right";
  return dy < 0 ? "swipe-up" : "swipe-down";
}

export interface SwipeHandlers {
  /** -1: to the previous item (finger moved right), +1: to the next. */
  onSwipe(step: -1 | 1): void;
  /** The finger rests 400 ms without moving (e.g. pause to look). */
  onHold?(): void;
  /** While dragging, at most every 100 ms: the horizontal distance so far. */
  onDrag?(dx: number): void;
}

/**
 * Horizontal swipes on `ref`'s element by touch (or pen). While it is active the element takes
 * horizontal panning over from the browser (touch-action: pan-y, via `data-swipe`), so vertical
 * scrolling of the page still works; mouse input is left alone.
 */
export function useSwipe(ref: RefObject<HTMLElement | null>, handlers: SwipeHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.dataset.swipe = "";
    let start: { x: number; y: number; t: number; id: number } | null = null;
    let holdTimer: ReturnType<typeof setTimeout> | undefined;
    let lastDrag = 0;

    const down = (event: PointerEvent) => {
      if (event.pointerType === "mouse" || !event.isPrimary) return;
      start = { x: event.clientX, y: event.clientY, t: event.timeStamp, id: event.pointerId };
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => latest.current.onHold?.(), HOLD_MS);
    };
    const move = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) > TAP_TOLERANCE) clearTimeout(holdTimer);
      if (event.timeStamp - lastDrag >= DRAG_FREQUENCY_MS) {
        lastDrag = event.timeStamp;
        latest.current.onDrag?.(dx);
      }
    };
    const up = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      clearTimeout(holdTimer);
      const gesture = classifyGesture(event.clientX - start.x, event.clientY - start.y, event.timeStamp - start.t);
      start = null;
      if (gesture === "swipe-left") latest.current.onSwipe(1);
      else if (gesture === "swipe-right") latest.current.onSwipe(-1);
    };
    const cancel = () => {
      start = null;
      clearTimeout(holdTimer);
    };
    element.addEventListener("pointerdown", down);
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", cancel);
    return () => {
      clearTimeout(holdTimer);
      delete element.dataset.swipe;
      element.removeEventListener("pointerdown", down);
      element.removeEventListener("pointermove", move);
      element.removeEventListener("pointerup", up);
      element.removeEventListener("pointercancel", cancel);
    };
  }, [ref]);
}
