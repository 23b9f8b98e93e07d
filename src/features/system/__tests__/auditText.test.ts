import { describe, expect, it } from 'vitest';
import enSystem from '../../../../locales/en/system.json';
import zhSystem from '../../../../locales/zh/system.json';
import { installCatalogues } from '../../../i18n/i18n';
import { detailText, targetLabel } from '../auditText';

describe('an audit entry’s detail', () => {
  it('names its fields and coded values in the reader’s language; other values show as stored', () => {
    const signIn = { ip: '127.0.0.1', method: 'password', reason: 'wrongCredentials', account: 'password' };
    installCatalogues('zh', { system: zhSystem });
    expect(detailText(signIn)).toBe('IP：127.0.0.1；方式：密码；原因：账号或密码错误；账号：password');
    expect(detailText({ atSignIn: true, revoked: 2 })).toBe('登录时：是；结束的会话：2');
    installCatalogues('en', { system: enSystem });
    expect(detailText(signIn)).toBe('IP: 127.0.0.1; Method: password; Reason: wrong account or password; Account: password');
  });

  it('reads as a sentence: no JSON, no null, permissions by their labels, ids by the names the server sent', () => {
    const names = { 'org:2': 'Acme Energy', 'role:5': 'Operator', 'station:1': 'Harbour PV', 'account:7': 'alice' };
    const role = { orgId: 2, name: 'Night shift', permissions: ['homepage.index', 'system.account.edit'], before: { name: 'Old', permissions: [] } };
    installCatalogues('en', { system: enSystem });
    const en = detailText(role, names);
    expect(en).toBe('Organisation: Acme Energy; Name: Night shift; Permissions: Home, Edit accounts; Before: (Name: Old; Permissions: none)');
    expect(detailText({ revokedAt: null, seasons: [{ start: '01-01' }, { start: '06-01' }], scopeStationIds: [1, 9] }, names)).toBe(
      'Revoked at: none; Seasons: 2 entries; Stations: Harbour PV, (deleted)',
    );
    installCatalogues('zh', { system: zhSystem });
    const zh = detailText({ ...role, assigneeId: 7, previous: null }, names);
    expect(zh).toBe('组织：Acme Energy；名称：Night shift；权限：首页、编辑账号；原值：（名称：Old；权限：无）；处理人：alice；原处理人：无');
    for (const s of [en, zh]) expect(s).not.toMatch(/[[\]{}"]|null|homepage\.index/);
  });

  it('reads a stored instant in the list’s zone, named, never as an ISO string', () => {
    installCatalogues('en', { system: enSystem });
    const window = { start: '2026-11-28T15:02:00.037Z', end: '2026-11-28T16:02:00.037Z' };
    expect(detailText(window, {}, 'Asia/Shanghai')).toBe('Start: 2026-11-28 23:02:00 (Asia/Shanghai); End: 2026-11-29 00:02:00 (Asia/Shanghai)');
    expect(detailText(window)).not.toMatch(/T\d{2}:|Z\b/);
  });

  it('names the target: the kind in the reader’s language and the thing by its name', () => {
    installCatalogues('zh', { system: zhSystem });
    expect(targetLabel('account:7', { 'account:7': 'alice' })).toBe('账号 alice');
    expect(targetLabel('account:8', {})).toBe('账号 （已删除）');
    installCatalogues('en', { system: enSystem });
    expect(targetLabel('station:1', { 'station:1': 'Harbour PV' })).toBe('Station Harbour PV');
    expect(targetLabel('alarm:42', {})).toBe('Alarm #42');
    expect(targetLabel(null, {})).toBe('-');
  });
});
