import { describe, expect, it } from 'vitest';
import enSystem from '../../../../locales/en/system.json';
import zhSystem from '../../../../locales/zh/system.json';
import { installCatalogues } from '../../../i18n/i18n';
import { detailText } from '../auditText';

describe('an audit entry’s detail', () => {
  it('names its fields and coded values in the reader’s language; other values show as stored', () => {
    const signIn = { ip: '127.0.0.1', method: 'password', reason: 'wrongCredentials', account: 'password' };
    installCatalogues('zh', { system: zhSystem });
    expect(detailText(signIn)).toBe('IP: 127.0.0.1, 方式: 密码, 原因: 账号或密码错误, 账号: password');
    expect(detailText({ atSignIn: true, revoked: 2 })).toBe('登录时: 是, 结束的会话: 2');
    installCatalogues('en', { system: enSystem });
    expect(detailText(signIn)).toBe('IP: 127.0.0.1, Method: password, Reason: wrong account or password, Account: password');
    // a saved form's own fields and nested values are shown as stored
    expect(detailText({ feeName: 'Peak', periods: [{ start: '08:00' }] })).toBe('feeName: Peak, periods: [{"start":"08:00"}]');
  });
});
