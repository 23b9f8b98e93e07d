import { randomBytes } from 'node:crypto';

// Every setting comes from the environment; README.md has the table. Defaults start the
// whole product embedded: PGlite on disk, Aedes on the HTTP port, the simulated fleet on.

const int = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));
const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));
const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : !/^(0|false|no|off)$/i.test(v));

/** A misspelt MQTT_ACCESS must not fall back silently to another way of guarding the broker. */
const mqttAccess = (v: string | undefined): 'dynsec' | 'http' => {
  if (v === undefined || v === '' || v === 'dynsec') return 'dynsec';
  if (v === 'http') return 'http';
  throw new Error(`MQTT_ACCESS must be dynsec or http, not ${JSON.stringify(v)}`);
};

/**
 * EMQX's REST API, to close a revoked session's open connections: all three variables or none,
 * and only where it means something (MQTT_ACCESS=http), so a half-set one is not ignored silently.
 */
const emqxApi = (env: NodeJS.ProcessEnv): Config['emqxApi'] => {
  const [url, key, secret] = [env.EMQX_API_URL, env.EMQX_API_KEY, env.EMQX_API_SECRET].map((v) => v || undefined);
  if (!url && !key && !secret) return undefined;
  if (!url || !key || !secret) throw new Error('EMQX_API_URL, EMQX_API_KEY and EMQX_API_SECRET are set together or not at all');
  if (env.MQTT_ACCESS !== 'http' || !env.MQTT_URL) throw new Error('EMQX_API_URL is used only with MQTT_URL and MQTT_ACCESS=http (an EMQX cluster)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`EMQX_API_URL must be an http(s) URL such as http://emqx:18083, not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`EMQX_API_URL must be an http(s) URL such as http://emqx:18083, not ${JSON.stringify(url)}`);
  return { url, key, secret };
};

export interface Config {
  host: string;
  port: number;
  /** postgres://… for a real server; unset = embedded PGlite */
  databaseUrl?: string;
  /** PGlite data directory; '' or 'memory' = in memory */
  pgliteDir?: string;
  /** mqtt://… of an external broker; unset = embedded Aedes on /mqtt */
  mqttUrl?: string;
  /** WebSocket URL browsers use for an external broker */
  mqttPublicWsUrl?: string;
  mqttAdminUser: string;
  mqttAdminPassword: string;
  /** how an external broker learns who may do what: Mosquitto dynamic security, or HTTP hooks (EMQX) */
  mqttAccess?: 'dynsec' | 'http';
  /** MQTT_ACCESS=http: the secret the broker sends in the x-ems-hook-secret header */
  mqttHookSecret?: string;
  /** MQTT_ACCESS=http: EMQX's REST API (origin, API key, secret key), to kick a revoked session's connections */
  emqxApi?: { url: string; key: string; secret: string };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  smtpUrl?: string;
  mailFrom: string;
  simulator: boolean;
  simStations: number;
  /** fleet (docs/fleet.md): gateway reporting period, ms */
  simIntervalMs: number;
  /** share of commands a simulated gateway refuses (0..1) */
  simAckFailureRate: number;
  /** HMAC key of gateway broker passwords; unset = random per process (only in-process gateways can log in) */
  gatewaySecret: string;
  /** GATEWAY_SECRET was not set and `gatewaySecret` is this process's own random one */
  gatewaySecretRandom?: boolean;
  /** how many server processes share DATABASE_URL and MQTT_URL (REPLICAS, docs/deploy.md); embedded mode allows 1 */
  replicas?: number;
  /** how long a command waits for the gateway's acknowledgement */
  commandTimeoutMs: number;
  /** first-start history: days at 15 min, hours of station series at 1 min, hours of device rollups */
  backfillDays: number;
  backfillMinuteHours: number;
  backfillDeviceHours: number;
  /** retention of raw samples, 1-minute and 15-minute rollups, days (1-day rollups and energy are kept) */
  telemetryRawDays: number;
  telemetryMinuteDays: number;
  telemetryQuarterDays: number;
  seed: boolean;
  logLevel: string;
  /** LOG_ACCESS: a Combined Log Format line per request on stdout */
  logAccess: boolean;
  /** extra origins allowed to POST (the server's own origin always is) */
  allowedOrigins: string[];
  /** tolerated clock skew of signed requests, seconds */
  signatureSkewSeconds: number;
  nonceWindowSeconds: number;
  staticDir?: string;
  /** origins of MAP_STYLE_URL tiles, allowed by the CSP */
  mapStyleOrigins?: string[];
  mapStyleUrl?: string;
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => ({
  host: env.HOST ?? '0.0.0.0',
  port: int(env.PORT, 8080),
  databaseUrl: env.DATABASE_URL || undefined,
  pgliteDir: env.PGLITE_DIR === undefined ? './data/pglite' : env.PGLITE_DIR === 'memory' ? '' : env.PGLITE_DIR,
  mqttUrl: env.MQTT_URL || undefined,
  mqttPublicWsUrl: env.MQTT_PUBLIC_WS_URL || undefined,
  mqttAdminUser: env.MQTT_ADMIN_USER ?? 'ems-admin',
  mqttAdminPassword: env.MQTT_ADMIN_PASSWORD ?? 'ems-admin-secret',
  mqttAccess: mqttAccess(env.MQTT_ACCESS),
  mqttHookSecret: env.MQTT_HOOK_SECRET || undefined,
  emqxApi: emqxApi(env),
  sessionIdleMinutes: num(env.SESSION_IDLE_MINUTES, 120),
  sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24),
  smtpUrl: env.SMTP_URL || undefined,
  mailFrom: env.MAIL_FROM ?? 'EMS Cloud <no-reply@ems.example>',
  simulator: bool(env.SIM_ENABLED, true),
  simStations: int(env.SIM_STATIONS, 60),
  simIntervalMs: int(env.SIM_INTERVAL_MS, 5000),
  simAckFailureRate: env.SIM_ACK_FAILURE_RATE ? Number(env.SIM_ACK_FAILURE_RATE) : 0.05,
  gatewaySecret: env.GATEWAY_SECRET || randomBytes(32).toString('hex'),
  gatewaySecretRandom: !env.GATEWAY_SECRET,
  replicas: int(env.REPLICAS, 1),
  commandTimeoutMs: int(env.COMMAND_TIMEOUT_MS, 30_000),
  backfillDays: int(env.BACKFILL_DAYS, 30),
  backfillMinuteHours: int(env.BACKFILL_MINUTE_HOURS, 6),
  backfillDeviceHours: int(env.BACKFILL_DEVICE_HOURS, 6),
  telemetryRawDays: int(env.TELEMETRY_RAW_DAYS, 2),
  telemetryMinuteDays: int(env.TELEMETRY_MINUTE_DAYS, 14),
  telemetryQuarterDays: int(env.TELEMETRY_QUARTER_DAYS, 400),
  seed: bool(env.SEED, true),
  logLevel: env.LOG_LEVEL ?? 'info',
  logAccess: bool(env.LOG_ACCESS, false),
  allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  signatureSkewSeconds: 300,
  nonceWindowSeconds: 600,
  staticDir: env.STATIC_DIR ?? 'dist',
  mapStyleUrl: env.MAP_STYLE_URL || undefined,
  mapStyleOrigins: env.MAP_STYLE_URL ? [new URL(env.MAP_STYLE_URL).origin] : [],
});
