// Number formatters, made once per locale and precision: building an Intl.NumberFormat costs
// far more than formatting with one, and a scrolled matrix or table formats figures for every
// entering row (`Number.prototype.toLocaleString` with options builds a new one per call).
const formats = new Map<string, Intl.NumberFormat>();

/** Grouped thousands, at most `maxDigits` decimals (at least `minDigits`: money keeps its cents);
 *  `locale` undefined is the browser's own. */
export function numberFormat(maxDigits: number, locale?: string, minDigits = 0): Intl.NumberFormat {
  const key = `${locale ?? ''}|${maxDigits}|${minDigits}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits, minimumFractionDigits: minDigits })));
  return f;
}
