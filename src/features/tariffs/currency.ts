// Tariff and fuel prices are in the station's provider's currency (protocol/currency.ts names
// it: en the ISO code, zh 美元 / 元 / the code). Until the answer naming it arrives the unit is
// left open rather than guessed, so a EUR provider never reads a dollar for a moment.
import { currencyLabel } from '../../../protocol/currency';
import { useMoneyLang } from '../../hooks/useMoneyLang';
import { numberFormat } from '../../lib/numberFormat';

export const UNKNOWN_CURRENCY = '…';

/** How the reader's language names `currency`; UNKNOWN_CURRENCY while it is not known. */
export function useCurrencyName(currency: string | null | undefined): string {
  const lang = useMoneyLang();
  return currency ? currencyLabel(currency, lang) : UNKNOWN_CURRENCY;
}

/** An amount with grouped thousands in the reader's language, `digits` decimals; a dash without one. */
export function useAmount(): (v: number | undefined | null, digits: number) => string {
  const locale = useMoneyLang() === 'en' ? 'en-GB' : 'zh-CN';
  return (v, digits) => (v === undefined || v === null || !Number.isFinite(v) ? '—' : numberFormat(digits, locale, digits).format(v));
}
