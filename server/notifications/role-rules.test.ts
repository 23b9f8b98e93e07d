import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors';
import { raiseAlarm } from '../alarms/store';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { startMailSink, type MailSink } from './receivers';

// Defaults by role: a rule kept with a role tells every account holding it at its own address,
// within its own data scope; an account that muted it is not told; an account whose own rule
// matches too gets one message per channel; another organisation's administrator cannot see or
// change the role's rules.

describe.each(backends())('notification defaults by role (%s)', (backend) => {
  let s: TestServer;
  let mail: MailSink;
  let admin: string;
  let providerId: number;
  let x: number;
  let roleId: number;
  const members: Record<'plain' | 'muting' | 'own' | 'narrow', { token: string; userId: number }> = {} as never;
  /** An insulation alarm on station x, a new one for each key. */
  const raiseInsulationLow = (dedupKey: string) =>
    raiseAlarm(s.services.db, {
      stationId: x,
      deviceId: null,
      ruleCode: 'clusterInsulationLow',
      content: 'Insulation resistance low',
      time: new Date(s.clock.now),
      dedupKey,
    });

  beforeAll(async () => {
    mail = await startMailSink();
    s = await startTestServer(backend, { clock: () => Date.UTC(2026, 10, 28, 2, 0), config: { smtpUrl: mail.url }, notify: { pollMs: 0, flapCount: 0 } });
    const fx = await s.fixtures();
    providerId = fx.providers[0]!;
    const [sx, sy] = fx.stationOf.get(providerId)! as [number, number];
    x = sx;
    admin = await s.login('sunrise', 'Sunrise@2026');
    const [role] = await s.services.db.query<{ id: number }>(
      "INSERT INTO roles(org_id, name, permissions) VALUES ($1, 'On duty', '{alarm.alarmList}') RETURNING id",
      [providerId],
    );
    roleId = role!.id;
    for (const k of ['plain', 'muting', 'own', 'narrow'] as const) {
      members[k] = await s.makeAccount({ orgId: providerId, permissions: [], ...(k === 'narrow' ? { dataScope: 'stations', stationIds: [sy] } : {}) });
      await s.services.db.query('UPDATE accounts SET role_id = $1, email = $2 WHERE id = $3', [roleId, `${k}@example.com`, members[k].userId]);
    }
    s.services.sessions.refreshAll();
    // the seed's own alarm changes are planned before any rule exists
    await s.services.notifications.tick();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await mail?.close();
  });

  it('tells each account holding the role at its own address, within its scope, not when muted, and once where its own rule matches too', async () => {
    const saved = await s.call('saveRoleNotificationRule', { roleId, name: 'Faults to the duty team', channels: ['email'], categories: ['fault'] }, admin);
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ name: 'Faults to the duty team', channels: ['email'], email: null, webhookUrl: null });
    const ruleId = saved.data.ruleId;
    expect((await s.call('queryRoleNotificationRules', { roleId }, admin)).data.dataList.map((r) => r.ruleId)).toEqual([ruleId]);

    // the member sees it read-only with the role's name, and mutes it
    const seen = await s.call('queryNotificationRules', {}, members.muting.token);
    expect(seen.data.dataList).toEqual([]);
    expect(seen.data.roleRules).toEqual([expect.objectContaining({ ruleId, roleId, roleName: 'On duty', muted: false })]);
    expect((await s.call('muteRoleNotificationRule', { ruleId, muted: true }, members.muting.token)).code).toBe(0);
    expect((await s.call('queryNotificationRules', {}, members.muting.token)).data.roleRules[0]!.muted).toBe(true);
    // a member's own rule at another address, matching the same alarm
    expect((await s.call('saveNotificationRule', { name: 'Mine', channels: ['email'], email: 'own-desk@example.com' }, members.own.token)).code).toBe(0);

    await raiseInsulationLow('role-1');
    await s.services.notifications.tick();
    const got = await mail.received(3);
    expect(got.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual(['own-desk@example.com', 'plain@example.com']);
    const deliveries = await s.services.db.query<{ accountId: number; n: number }>(
      'SELECT account_id AS "accountId", count(*)::int AS n FROM notification_deliveries GROUP BY 1 ORDER BY 1',
    );
    expect(deliveries).toEqual([
      { accountId: members.plain.userId, n: 1 },
      { accountId: members.own.userId, n: 1 },
    ]);

    // unmuted, the next alarm reaches the muting member again
    expect((await s.call('muteRoleNotificationRule', { ruleId, muted: false }, members.muting.token)).code).toBe(0);
    mail.mails.length = 0;
    await raiseInsulationLow('role-2');
    await s.services.notifications.tick();
    expect((await mail.received(4)).map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual([
      'muting@example.com',
      'own-desk@example.com',
      'plain@example.com',
    ]);

    const [audited] = await s.services.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action IN ('saveRoleNotificationRule', 'muteRoleNotificationRule', 'unmuteRoleNotificationRule')",
    );
    expect(audited!.n).toBe(3);
  });

  it("keeps a role's rules within its organisation: another's administrator and another role's account get notFound", async () => {
    const rule = (await s.call('saveRoleNotificationRule', { roleId, name: 'Pushes', channels: ['push'] }, admin)).data;
    const [otherProvider] = (await s.fixtures()).providers.filter((p) => p !== providerId);
    const stranger = await s.makeAccount({ orgId: otherProvider!, permissions: ['system.role', 'system.role.edit'] });
    expect((await s.call('queryRoleNotificationRules', { roleId }, stranger.token)).code).toBe(ErrorCode.notFound);
    expect((await s.call('saveRoleNotificationRule', { roleId, name: 'Mine now', channels: ['email'] }, stranger.token)).code).toBe(ErrorCode.notFound);
    expect((await s.call('deleteRoleNotificationRule', { roleId, ruleId: rule.ruleId }, stranger.token)).code).toBe(ErrorCode.notFound);
    expect((await s.call('muteRoleNotificationRule', { ruleId: rule.ruleId, muted: true }, stranger.token)).code).toBe(ErrorCode.notFound);
    // a role rule is not an account's own rule to edit
    expect((await s.call('deleteNotificationRule', { ruleId: rule.ruleId }, members.plain.token)).code).toBe(ErrorCode.notFound);
    // no webhook and no address on a role's rule
    expect((await s.call('saveRoleNotificationRule', { roleId, name: 'Hook', channels: ['webhook'] }, admin)).code).toBe(ErrorCode.validationFailed);
    expect((await s.call('deleteRoleNotificationRule', { roleId, ruleId: rule.ruleId }, admin)).code).toBe(0);
    expect((await s.call('queryNotificationRules', {}, members.plain.token)).data.roleRules.map((r) => r.name)).toEqual(['Faults to the duty team']);
  });
});
