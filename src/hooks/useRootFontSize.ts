// SPEC §2: root font size = width/10, clamped to 136..192 px, resize debounced 300 ms.
import { RESIZE_DEBOUNCE_MS } from '../../streams/constants';

export const rootFontSize = (width: number): number => Math.min(192, Math.max(136, width / 10));

export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSize(win.innerWidth)}px`;
  };
  apply();
  let t: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(t);
    t = setTimeout(apply, RESIZE_DEBOUNCE_MS);
  };
  win.addEventListener('resize', onResize);
  return () => win.removeEventListener('resize', onResize);
}
