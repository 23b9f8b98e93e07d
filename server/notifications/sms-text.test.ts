import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEFAULT_SMS_TEMPLATE, fillTemplate, fitSms, templateProblem } from './sms';

// What an SMS gateway is sent: the operator's template filled in without breaking its JSON, and
// a text that fits one segment (160 Latin characters, 70 Chinese), cut between words.

describe('SMS gateway template', () => {
  it('fills the placeholders with JSON-escaped values', () => {
    const text = 'Site "North" · line 1\nline 2 \\ end';
    const body = fillTemplate(DEFAULT_SMS_TEMPLATE, { to: '+8613800138000', text, id: 'ntf_7' });
    expect(JSON.parse(body)).toEqual({ to: '+8613800138000', text, id: 'ntf_7' });
    // a quote in the text cannot add a field
    const sneaky = fillTemplate('{"to":"{{to}}","text":"{{text}}"}', { to: '+1555000111', text: '","admin":"yes', id: 'x' });
    expect(JSON.parse(sneaky)).toEqual({ to: '+1555000111', text: '","admin":"yes' });
    expect(JSON.parse(fillTemplate('{"m":{"b":"{{text}}","r":["{{id}}"]}}', { to: '', text: 'a', id: 'ntf_1' }))).toEqual({ m: { b: 'a', r: ['ntf_1'] } });
  });

  it('refuses a template that is not JSON, and the server does not start with one, naming the variable', () => {
    expect(templateProblem(DEFAULT_SMS_TEMPLATE)).toBeNull();
    expect(templateProblem('{"to":"{{to}}","text":"{{text}}"')).toMatch(/^not JSON once filled in/);
    expect(templateProblem('{"to":"{{to}}"}')).toBe('the template has no {{text}} placeholder');
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/send', SMS_GATEWAY_TEMPLATE: '{"to":{{to}}' })).toThrow(
      /SMS_GATEWAY_TEMPLATE: a JSON body/,
    );
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example' })).toThrow(/SMS_GATEWAY_URL: an http\(s\) URL/);
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/send', SMS_GATEWAY_AUTH: 'Bearer t' }).sms).toEqual({
      url: 'https://sms.example/send',
      template: DEFAULT_SMS_TEMPLATE,
      auth: 'Bearer t',
    });
  });
});

describe('SMS length', () => {
  it('keeps a short text whole, on one line', () => {
    expect(fitSms('[Alarm] Fault - North\n - Inverter 1', ' - 11-28 10:00 (UTC)')).toBe('[Alarm] Fault - North - Inverter 1 - 11-28 10:00 (UTC)');
  });

  it('cuts Latin text to 160 characters between words with "...", the tail kept', () => {
    const long = `[Alarm] Fault - ${'Riverside solar and storage plant '.repeat(6)}- Inverter 1`;
    const tail = ' - 11-28 10:00 (Europe/London)';
    const out = fitSms(long, tail);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith(`...${tail}`)).toBe(true);
    const head = out.slice(0, -(tail.length + 3));
    expect(long.startsWith(head)).toBe(true);
    // the cut falls between two words
    expect(long[head.length]).toBe(' ');
    expect(out).not.toMatch(/[^\u0000-\u007f]/);
  });

  it('cuts Chinese text to 70 characters with "…"', () => {
    const long = `[告警] 故障 · ${'苏州工业园储能站'.repeat(8)} · 1号电池簇 · 电芯过温`;
    const tail = ' · 11-28 10:00 (Asia/Shanghai)';
    const out = fitSms(long, tail);
    expect([...out].length).toBe(70);
    expect(out.endsWith(`…${tail}`)).toBe(true);
    expect(long.startsWith(out.slice(0, -(tail.length + 1)))).toBe(true);
    const plain = fitSms('一'.repeat(80));
    expect([...plain].length).toBe(70);
    expect(plain).toBe(`${'一'.repeat(69)}…`);
  });
});
