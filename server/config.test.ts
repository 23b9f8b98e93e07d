// The environment is read by one schema: defaults for what is unset, and one error that names
// every bad variable at once.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { NOTIFY_DEFAULTS } from './notifications/options';

describe('loadConfig', () => {
  it('starts embedded with the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      pgliteDir: './data/pglite',
      mqttAccess: 'dynsec',
      simulator: true,
      simStations: 60,
      simAckFailureRate: 0.05,
      replicas: 1,
      seed: true,
      logAccess: false,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.gatewaySecretRandom).toBe(true);
  });

  it('reads set variables, an empty one counting as unset', () => {
    const c = loadConfig({
      PORT: '9000',
      SIM_ENABLED: 'off',
      SIM_ACK_FAILURE_RATE: '0',
      DATABASE_URL: '',
      PGLITE_DIR: 'memory',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      MAP_STYLE_URL: 'https://tiles.example/style.json',
    });
    expect(c).toMatchObject({
      port: 9000,
      simulator: false,
      simAckFailureRate: 0,
      pgliteDir: '',
      allowedOrigins: ['https://a.example', 'https://b.example'],
      mapStyleOrigins: ['https://tiles.example'],
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('names every bad variable in one error, with what it must be and what it got', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', REPLICAS: '2.5', SIM_ACK_FAILURE_RATE: '7', SEED: 'maybe', MQTT_ACCESS: 'mosquitto', MAP_STYLE_URL: 'tiles' });
    } catch (e) {
      message = (e as Error).message;
    }
    const lines = message.split('\n').slice(1);
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(['MAP_STYLE_URL', 'MQTT_ACCESS', 'PORT', 'REPLICAS', 'SEED', 'SIM_ACK_FAILURE_RATE']);
    expect(message).toContain('PORT: a whole number (got "eighty")');
    expect(message).toContain('MQTT_ACCESS: dynsec or http (got "mosquitto")');
  });

  it('takes a Web Push key pair only whole, and a contact push services can use', () => {
    const pub = `B${'a'.repeat(86)}`;
    const priv = 'p'.repeat(43);
    expect(loadConfig({}).vapid).toEqual({ publicKey: undefined, privateKey: undefined, subject: 'mailto:no-reply@ems.example' });
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, MAIL_FROM: 'Ops <ops@example.com>' }).vapid).toEqual({
      publicKey: pub,
      privateKey: priv,
      subject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow('VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow('VAPID_SUBJECT: a mailto: or https:// contact');
  });

  it("reads the notifier's timing with the others: defaults, set values, and a bad one named", () => {
    // unset, the server's timing is the notifier's own default, every field of it; the figures
    // docs/notifications.md promises are those
    expect(loadConfig({}).notify).toEqual(NOTIFY_DEFAULTS);
    expect(NOTIFY_DEFAULTS).toMatchObject({ pollMs: 1000, leaseMs: 60_000, maxAttempts: 8, stormGraceMs: 30_000 });
    expect(loadConfig({ NOTIFY_POLL_MS: '0', NOTIFY_FLAP_COUNT: '0', NOTIFY_MAX_ATTEMPTS: '3' }).notify).toMatchObject({
      pollMs: 0,
      flapCount: 0,
      maxAttempts: 3,
    });
    // a hand parse read "soon" as NaN and polled without pause
    expect(() => loadConfig({ NOTIFY_POLL_MS: 'soon', NOTIFY_LEASE_MS: '-5' })).toThrow(
      /NOTIFY_POLL_MS: a whole number \(got "soon"\)[\s\S]*NOTIFY_LEASE_MS|NOTIFY_LEASE_MS[\s\S]*NOTIFY_POLL_MS: a whole number \(got "soon"\)/,
    );
  });
});
