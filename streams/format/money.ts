// The one money formatter of the console: every money figure of every screen goes through it.
// A figure is in its provider's currency (an ISO 4217 code the answer carries; nothing
// converts). en names the code ("1,453,251.84 USD"); zh 美元 for USD, 元 for CNY, else the code
// ("1,453,251.84 元"): protocol/currency.ts holds the names, shared with the server's files.
// On screen money has two decimals and grouped thousands; cards may scale by 10,000
// ("10k USD", zh 万元 / 万美元).
import { currencyLabel } from '../../protocol/currency';

export type MoneyLang = 'zh' | 'en';
export interface MoneyParts {
  value: string;
  unit: string;
}

const formats = new Map<MoneyLang, Intl.NumberFormat>();
const twoDecimals = (lang: MoneyLang): Intl.NumberFormat => {
  let f = formats.get(lang);
  if (!f) formats.set(lang, (f = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return f;
};

/** The unit of an amount counted in ten thousands: "10k USD"; zh 万美元, 万元, 万 EUR. */
const tenThousandsOf = (currency: string, lang: MoneyLang): string => {
  const name = currencyLabel(currency, lang);
  if (lang === 'en') return `10k ${name}`;
  return /^[A-Z/]+$/.test(name) ? `万 ${name}` : `万${name}`;
};

/** Value and unit apart (cards print the unit smaller). Null/NaN → a dash. */
export function moneyParts(amount: number | null | undefined, currency: string, lang: MoneyLang, scale: 1 | 10_000 = 1): MoneyParts {
  const unit = scale === 1 ? currencyLabel(currency, lang) : tenThousandsOf(currency, lang);
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return { value: '-', unit };
  return { value: twoDecimals(lang).format(amount / scale), unit };
}

/** "1,453,251.84 USD", zh "1,453,251.84 元"; a dash without a value. */
export function formatMoney(amount: number | null | undefined, currency: string, lang: MoneyLang, scale: 1 | 10_000 = 1): string {
  const p = moneyParts(amount, currency, lang, scale);
  return p.value === '-' ? '-' : `${p.value} ${p.unit}`;
}
