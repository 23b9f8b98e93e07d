// Whether a band's name fits inside it: a band is a share of the line's width, which changes with
// the window (a phone's line is a third of a desktop's), so a name cut to "P…" is dropped instead;
// the band's colour, its title and what a screen reader hears still name it.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** px: the band's own padding around its name */
const BAND_PAD = 8;
const NAME_FONT = '500 11px system-ui, sans-serif';

let canvas: CanvasRenderingContext2D | null | undefined;
const textWidth = (text: string): number => {
  if (canvas === undefined) canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * 7;
  canvas.font = NAME_FONT;
  return canvas.measureText(text).width;
};

/** The line's width in px, kept current. */
export function useLineWidth(line: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = line.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth);
    read();
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [line]);
  return width;
}

/** True when `name` can be read whole in a band `minutes` long on a line `lineWidth` px wide for `dayMinutes`. */
export const nameFits = (name: string, minutes: number, lineWidth: number, dayMinutes: number): boolean =>
  lineWidth > 0 && textWidth(name) + BAND_PAD <= (lineWidth * minutes) / dayMinutes;
