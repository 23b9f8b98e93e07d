import { describe, expect, it } from 'vitest';
import { bundles } from '../../../tests/catalogues';
import { installCatalogues, t } from '../i18n';
import { isKey } from '../lookup';

describe('translator', () => {
  it('interpolates and picks plurals (en one/other, zh other only)', () => {
    installCatalogues('en', bundles.en);
    expect(t('auth:login.resendIn', { count: 1 })).toBe('Resend in 1 second');
    expect(t('auth:login.resendIn', { count: 59 })).toBe('Resend in 59 seconds');
    expect(t('page_NotFound')).toBe('Sorry, the page you are looking for does not exist');
    expect(t('alarms:popupTitle', { category: 'Fault', station: 'A<b>' })).toBe('Fault · A<b>');
    installCatalogues('zh', bundles.zh);
    expect(t('auth:login.resendIn', { count: 1 })).toBe('1 秒后重新发送');
    expect(t('auth:login.resendIn', { count: 3 })).toBe('3 秒后重新发送');
  });
  it('knows which keys carried as data exist', () => {
    installCatalogues('en', bundles.en);
    expect(isKey('errors.timeout')).toBe(true);
    expect(isKey('auth:login.failed')).toBe(true);
    expect(isKey('errors.noSuchCode')).toBe(false);
    expect(isKey('')).toBe(false);
  });
});
