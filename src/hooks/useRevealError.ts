// A refused save shows its message where the reader is looking: in a dialog scrolled down to its
// last fields, a message at the top field (a date overlap, a past date) changed nothing the user
// could see. After the next paint this scrolls the first invalid field (or field-less message)
// inside `container` to the middle of its scroll area and focuses it when it is a field.
import { useCallback, type RefObject } from 'react';

const INVALID = '[aria-invalid="true"], [role="alert"]';
const FIELD = 'input, select, textarea';

export function useRevealError(container: RefObject<HTMLElement | null>): () => void {
  return useCallback(() => {
    requestAnimationFrame(() => {
      const first = [...(container.current?.querySelectorAll<HTMLElement>(INVALID) ?? [])].find((e) => e.matches(FIELD) || (e.textContent ?? '').trim() !== '');
      if (!first) return;
      first.scrollIntoView({ block: 'center', inline: 'nearest' });
      if (first.matches(FIELD)) first.focus({ preventScroll: true });
    });
  }, [container]);
}
