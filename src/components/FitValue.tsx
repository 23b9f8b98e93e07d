// A figure that is never cut: when its text is wider than its box (a four-figure box on a
// 1366 px screen, "67.97 MWh"), its font shrinks until the text fits, down to 10 px. The size it
// starts from is the stylesheet's (the wall screen's larger figures too), measured again when the
// text or the box changes. Marked data-value: the layout guard checks it is never clipped.
import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';

const MIN_PX = 10;

export function FitValue({ value, className = '', ...rest }: { value: string; className?: string } & Omit<HTMLAttributes<HTMLDivElement>, 'children'>) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.fontSize = '';
      if (el.scrollWidth <= el.clientWidth) return;
      const base = parseFloat(getComputedStyle(el).fontSize);
      el.style.fontSize = `${Math.max(MIN_PX, Math.floor((base * el.clientWidth * 10) / el.scrollWidth) / 10)}px`;
    };
    fit();
    const seen = new ResizeObserver(fit);
    seen.observe(el);
    return () => seen.disconnect();
  }, [value]);
  return (
    <div ref={ref} data-value className={`overflow-hidden whitespace-nowrap ${className}`} {...rest}>
      {value}
    </div>
  );
}
