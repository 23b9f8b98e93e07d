import type { MoneyLang } from '../../streams/format/money';
import { useStoreValue } from './runtime';

/** The language money is named in (streams/format/money.ts): the session's. */
export const useMoneyLang = (): MoneyLang => useStoreValue((s): MoneyLang => (s.session.language === 'en' ? 'en' : 'zh'));
