import { z } from 'zod';

// A service provider's money is in one currency, an ISO 4217 code kept on the provider
// (orgs.currency, default USD). Nothing converts between currencies: an answer that spans
// providers of different currencies names them all, joined by MIXED_SEPARATOR, and adds no
// money across them (docs/tariffs.md "Currency").

export const DEFAULT_CURRENCY = 'USD';
export const MIXED_SEPARATOR = '/';

/** An ISO 4217 code: three upper-case letters. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'currency');

/** The currency of an answer that may span providers: one code, or several joined by MIXED_SEPARATOR. */
export const currencies = z.string().regex(/^[A-Z]{3}(\/[A-Z]{3})*$/, 'currency');

/** The currency of money drawn from these (each a code or already joined): the one they share,
 *  else every code once, sorted, joined by MIXED_SEPARATOR. None at all: the default. */
export const joinCurrencies = (currencies: Iterable<string>): string => {
  const codes = new Set<string>();
  for (const c of currencies) for (const code of c.split(MIXED_SEPARATOR)) codes.add(code);
  return codes.size === 0 ? DEFAULT_CURRENCY : [...codes].sort().join(MIXED_SEPARATOR);
};

/** More than one currency: money of such an answer is not summed. */
export const isMixedCurrency = (currency: string): boolean => currency.includes(MIXED_SEPARATOR);

/** zh names the two currencies its users meet every day; every other code shows as itself. */
const ZH_NAMES: Readonly<Record<string, string>> = { USD: '美元', CNY: '元' };

/**
 * How a currency reads in a language: en the ISO code ("USD", "CNY", "EUR"); zh 美元 for USD,
 * 元 for CNY, else the code. The one place both the console and the server's exports get it.
 */
export const currencyLabel = (currency: string, lang: 'zh' | 'en'): string =>
  currency
    .split(MIXED_SEPARATOR)
    .map((c) => (lang === 'zh' ? (ZH_NAMES[c] ?? c) : c))
    .join(MIXED_SEPARATOR);
