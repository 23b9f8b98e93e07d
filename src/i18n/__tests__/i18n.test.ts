import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import zh from '../../../locales/zh/common.json';
import { t, useCatalogue } from '../i18n';

describe('translator', () => {
  it('interpolates and picks plurals', () => {
    useCatalogue('en', en);
    expect(t('login.resendIn', { count: 1 })).toBe('Resend in 1 second');
    expect(t('login.resendIn', { count: 59 })).toBe('Resend in 59 seconds');
    expect(t('page_NotFound')).toBe('Sorry, the page you are looking for does not exist');
    expect(t('alarms.popupTitle', { category: 'Fault', station: 'A' })).toBe('Fault · A');
    useCatalogue('zh', zh);
    expect(t('login.resendIn', { count: 3 })).toBe('3 秒后重新发送');
  });
  it('returns the key for a missing entry', () => {
    useCatalogue('en', en);
    expect(t('nope.key' as never)).toBe('nope.key');
  });
});
