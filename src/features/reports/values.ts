// A report value as the screen prints it: energies on the SPEC §9 scale (kWh / MWh / GWh, cut to
// the hundredth), money with grouped thousands to the cent (streams/format/money.ts), litres to
// the cent, availability in %, alarms as a count. Files keep plain numbers with the unit in the
// header; this is the screen only.
import { formatEnergy } from '../../../streams/format/energy';
import { formatMoney, moneyParts, type MoneyLang } from '../../../streams/format/money';
import { isMixedCurrency, currencyLabel } from '../../../protocol/currency';
import { numberFormat } from '../../lib/numberFormat';

/** What money in a report is: the answer's currency (the unit its money columns name) and the reader's language. */
export interface MoneyOf {
  currency: string;
  lang: MoneyLang;
}

/**
 * `rowCurrency`: the row's own, which a cell names when the report spans several currencies;
 * `noData`: the translated text of a value the server leaves null (no data in that bucket).
 */
export function valueText(value: number | null | undefined, unit: string, money: MoneyOf, rowCurrency?: string, noData = '-'): string {
  // money of several currencies has no total: a dash, not "no data"
  if (value === null || value === undefined || !Number.isFinite(value)) return unit === money.currency && isMixedCurrency(money.currency) ? '-' : noData;
  if (unit === money.currency) {
    return isMixedCurrency(money.currency) && rowCurrency ? formatMoney(value, rowCurrency, money.lang) : moneyParts(value, money.currency, money.lang).value;
  }
  if (unit === 'kWh') return formatEnergy(value);
  if (unit === 'count') return String(Math.round(value));
  // grouped thousands in the reader's language, to the hundredth (1,234.50 L)
  const n = numberFormat(2, money.lang === 'en' ? 'en-GB' : 'zh-CN', 2).format(value);
  if (unit === '%') return `${n} %`;
  if (unit === 'L') return `${n} L`;
  return n;
}

/** The header's unit: energies carry theirs in each cell; money its currency as the language names it, the rest theirs. */
export function headerUnit(unit: string, money: MoneyOf): string | null {
  if (unit === 'kWh' || unit === 'count' || unit === '%' || unit === 'L') return null;
  return unit === money.currency ? currencyLabel(unit, money.lang) : unit;
}
