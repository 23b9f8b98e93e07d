import { describe, expect, it } from 'vitest';
import { checkRule, emptyRule, serverIssue, toRequest } from '../ruleForm';

const base = { ...emptyRule(), name: 'Night shift', zone: 'Asia/Shanghai' };

describe('the notification rule form', () => {
  it('names the field of every bad input before anything is sent', () => {
    const found = checkRule({ ...base, name: ' ', channels: [], quietFrom: '25:00', zone: 'Mars/Olympus', digest: true, digestMinutes: '0' });
    expect(found).toEqual({
      name: 'notifications:issue.name',
      channels: 'notifications:issue.channels',
      quietFrom: 'notifications:issue.quietTime',
      quietTo: 'notifications:issue.quietBoth',
      zone: 'notifications:issue.zone',
      digestMinutes: 'notifications:issue.digestMinutes',
    });
    expect(checkRule({ ...base, channels: ['email', 'webhook'], email: 'ops@', webhookUrl: 'ftp://x' })).toEqual({
      email: 'notifications:issue.email',
      webhookUrl: 'notifications:issue.webhookUrl',
    });
    expect(checkRule({ ...base, quietTo: '07:00' })).toEqual({ quietFrom: 'notifications:issue.quietBoth' });
    expect(checkRule(base)).toEqual({});
  });

  it('sends only what the chosen channels and options use', () => {
    const r = toRequest(
      {
        ...base,
        channels: ['webhook'],
        email: 'left@over.example',
        webhookUrl: ' https://hooks.example/ems ',
        quietFrom: '22:00',
        quietTo: '07:00',
        digest: true,
        digestMinutes: '30',
      },
      7,
    );
    expect(r).toEqual({
      ruleId: 7,
      name: 'Night shift',
      enabled: true,
      categories: [],
      alarmTypes: [],
      deviceTypes: [],
      stationIds: [],
      channels: ['webhook'],
      events: ['alarm'],
      webhookUrl: 'https://hooks.example/ems',
      rotateSecret: false,
      quietFrom: '22:00',
      quietTo: '07:00',
      zone: 'Asia/Shanghai',
      digestMinutes: 30,
    });
    expect(toRequest(base, null)).not.toHaveProperty('digestMinutes');
  });

  it('puts a server refusal of a station at the station chooser', () => {
    const e = { code: 'validationFailed' as const, fields: [{ path: 'stationIds.2', issue: 'notFound' }] };
    expect(serverIssue(e, 'stationIds')).toBe('notifications:issue.stations');
    expect(serverIssue(e, 'name')).toBeNull();
  });

  it("checks an SMS number, sends it only with SMS, and places the server's SMS refusals", () => {
    expect(checkRule({ ...base, channels: ['sms'], mobile: '13800138000' })).toEqual({ mobile: 'notifications:issue.mobile' });
    expect(checkRule({ ...base, channels: ['sms'], mobile: '+8613800138000' })).toEqual({});
    // empty: the account's own number
    expect(checkRule({ ...base, channels: ['sms'] })).toEqual({});
    expect(toRequest({ ...base, channels: ['sms'], mobile: ' +8613800138000 ' }, null)).toMatchObject({ channels: ['sms'], mobile: '+8613800138000' });
    expect(toRequest({ ...base, channels: ['email'], mobile: '+8613800138000' }, null)).not.toHaveProperty('mobile');
    const none = { code: 'validationFailed' as const, fields: [{ path: 'mobile', issue: 'required' }] };
    expect(serverIssue(none, 'mobile')).toBe('notifications:issue.mobileRequired');
    const off = { code: 'validationFailed' as const, fields: [{ path: 'channels.1', issue: 'smsUnavailable' }] };
    expect(serverIssue(off, 'channels')).toBe('notifications:issue.smsUnavailable');
  });

  it("sends a webhook's events only with the webhook, needs one, and places the server's refusal", () => {
    const hook = { ...base, channels: ['webhook' as const], webhookUrl: 'https://hooks.example/ems' };
    expect(checkRule({ ...hook, events: [] })).toEqual({ events: 'notifications:issue.events' });
    expect(toRequest({ ...hook, events: ['dispatch.result', 'report.ready'] }, null)).toMatchObject({ events: ['dispatch.result', 'report.ready'] });
    expect(toRequest({ ...base, events: ['report.ready'] }, null)).not.toHaveProperty('events');
    const e = { code: 'validationFailed' as const, fields: [{ path: 'events.1', issue: 'webhookOnly' }] };
    expect(serverIssue(e, 'events')).toBe('notifications:issue.eventsWebhookOnly');
  });
});
