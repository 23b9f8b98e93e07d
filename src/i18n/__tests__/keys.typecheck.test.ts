// Keys are checked by the compiler: these lines fail `tsc` if a misspelt key, a key without its
// namespace, or a code map with a wrong key were accepted.
import { describe, expect, it } from 'vitest';
import { bundles } from '../../../tests/catalogues';
import type { AlarmCategory } from '../../../streams/types';
import { ALARM_CATEGORY_KEY, keysOf, labelOf } from '../codeKeys';
import { installCatalogues, t, type TKey } from '../i18n';

describe('typed keys', () => {
  it('accepts catalogue keys and rejects others at compile time', () => {
    installCatalogues('en', bundles.en);
    expect(t('app.loading')).toBe('Loading....');
    expect(t(ALARM_CATEGORY_KEY.fault)).toBe(bundles.en.alarms.category.fault);
    expect(labelOf(ALARM_CATEGORY_KEY, 'unknownCategory')).toBe('unknownCategory');
    // @ts-expect-error a misspelt key
    expect(t('app.loadign')).toBe('app.loadign');
    // @ts-expect-error a key of another namespace needs its prefix
    expect(t('popupTitle')).toBeTypeOf('string');
    // @ts-expect-error a code map entry must be a key
    const wrong = { fault: 'alarms:category.fautl' } as const satisfies Record<string, TKey>;
    expect(wrong.fault).toBe('alarms:category.fautl');
  });

  it('builds a map of keys from a prefix and codes, each key checked at compile time', () => {
    expect(keysOf('alarms:category', ['fault', 'event'] as const)).toEqual({ fault: 'alarms:category.fault', event: 'alarms:category.event' });
    // @ts-expect-error a code without its key in the catalogue
    expect(keysOf('alarms:category', ['fault', 'fautl'] as const).fautl).toBe('alarms:category.fautl');
    // @ts-expect-error a code of the type left out of the list
    const short = keysOf('alarms:category', ['fault', 'event'] as const) satisfies Record<AlarmCategory, TKey>;
    expect(Object.keys(short)).toHaveLength(2);
  });
});
