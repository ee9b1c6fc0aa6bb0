/**
 * Focus and scroll to a refused form's first invalid field (ADR 046): the field in the middle of
 * the screen, its label and its error in sight. No form library here: any page may use it.
 */
import { useEffect } from "react";

export function revealField(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center", behavior: "instant" as ScrollBehavior });
}

/**
 * After an answer that refused a form, reveals the first field marked `aria-invalid="true"` inside
 * `selector` (a page whose forms each render only their own errors). Runs once per answer.
 */
export function useRevealFirstError(answer: unknown, refused: boolean, selector = "form") {
  useEffect(() => {
    if (!refused) return;
    for (const form of document.querySelectorAll<HTMLElement>(selector)) {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) return revealField(invalid);
    }
  }, [answer, refused, selector]);
}
