// SPEC §2: root font size = width/10, clamped to 136..192 px, resize debounced 300 ms.
import { debounceTime, fromEvent } from 'rxjs';
import { RESIZE_DEBOUNCE_MS } from '../../streams/constants';

export const rootFontSize = (width: number): number => Math.min(192, Math.max(136, width / 10));

export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSize(win.innerWidth)}px`;
  };
  apply();
  const resized = fromEvent(win, 'resize').pipe(debounceTime(RESIZE_DEBOUNCE_MS)).subscribe(apply);
  return () => resized.unsubscribe();
}
