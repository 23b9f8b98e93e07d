// The x range a chart shows while its own zoom runs ahead of its range prop. A wheel step moves
// the scale at once and reports the new range; the parent's render of it comes later. A render
// committed in between (new data, or the range of an earlier step) still carries an older range,
// and putting that on the scale would undo the newer steps: the next step would then start from
// the wider range and the zoom would end short. So the ranges a zoom reported are kept until the
// prop catches up with them; a prop that is none of them and differs from the previous one is a
// change from outside (a preset, a pan, another chart's zoom) and wins.

export interface XRange {
  min: number;
  max: number;
}

/** seconds: the parent stores ms, so a reported range may come back off by a rounding error */
const SAME = 1e-3;
const same = (a: XRange, b: XRange): boolean => Math.abs(a.min - b.min) < SAME && Math.abs(a.max - b.max) < SAME;

export interface UserRanges {
  /** a zoom, pan or drag-select of the chart itself, as reported to the parent */
  reported(r: XRange): void;
  /** the range to show for this prop */
  shown(prop: XRange): XRange;
}

export function userRanges(): UserRanges {
  /** reported, oldest first, not yet back as the prop */
  let ahead: XRange[] = [];
  let lastProp: XRange | null = null;
  return {
    reported(r) {
      ahead.push({ min: r.min, max: r.max });
    },
    shown(prop) {
      const k = ahead.findIndex((r) => same(r, prop));
      if (k >= 0) ahead = ahead.slice(k + 1);
      else if (!lastProp || !same(lastProp, prop)) ahead = [];
      lastProp = prop;
      return ahead.at(-1) ?? prop;
    },
  };
}
