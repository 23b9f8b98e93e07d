// Whether the window is phone-sized (narrower than Tailwind's `sm`, 640 px): the shell then swaps
// the sidebar for a drawer and lists draw cards instead of wide rows. CSS alone cannot make that
// choice where the two layouts are different component trees (a virtual list's row height, a
// dialog in place of a column), so the same breakpoint is read here.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 639.98px)';

const subscribe = (onChange: () => void) => {
  const mq = matchMedia(PHONE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const read = () => matchMedia(PHONE_QUERY).matches;

export const usePhone = (): boolean => useSyncExternalStore(subscribe, read, () => false);
