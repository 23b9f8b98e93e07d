import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { NOTIFY_DEFAULTS, type NotifyOptions } from './notifications/options';
import { DEFAULT_SMS_TEMPLATE, templateProblem, type SmsGateway } from './notifications/sms';

// Every setting comes from the environment; README.md has the table. Defaults start the
// whole product embedded: PGlite on disk, Aedes on the HTTP port, the simulated fleet on.
// One schema reads them all, so a start with several bad variables names every one of them in a
// single error instead of failing on the first (or, worse, running on a NaN).

/** An empty variable counts as unset. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const text = z.preprocess(blank, z.string().optional());
const int = (d: number) => z.preprocess(blank, z.string().regex(/^\d+$/, 'a whole number').transform(Number).optional()).transform((v) => v ?? d);
const num = (d: number) =>
  z
    .preprocess(
      blank,
      z
        .string()
        .refine((v) => v.trim() !== '' && Number.isFinite(Number(v)), 'a number')
        .transform(Number)
        .optional(),
    )
    .transform((v) => v ?? d);
const share = (d: number) => num(d).refine((v) => v >= 0 && v <= 1, 'between 0 and 1');
const bool = (d: boolean) =>
  z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^(1|0|true|false|yes|no|on|off)$/i, 'one of true/false, 1/0, yes/no, on/off')
        .optional(),
    )
    .transform((v) => (v === undefined ? d : !/^(0|false|no|off)$/i.test(v)));
const httpUrl = (example: string) =>
  text.refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), `an http(s) URL such as ${example}`);

const envSchema = z
  .object({
    HOST: text,
    PORT: int(8080),
    DATABASE_URL: text,
    PGLITE_DIR: z.string().optional(),
    MQTT_URL: text,
    MQTT_PUBLIC_WS_URL: text,
    MQTT_ADMIN_USER: z.string().optional(),
    MQTT_ADMIN_PASSWORD: z.string().optional(),
    // a misspelt MQTT_ACCESS must not fall back silently to another way of guarding the broker
    MQTT_ACCESS: z.preprocess(blank, z.enum(['dynsec', 'http'], { error: 'dynsec or http' }).optional()),
    MQTT_HOOK_SECRET: text,
    EMQX_API_URL: httpUrl('http://emqx:18083'),
    EMQX_API_KEY: text,
    EMQX_API_SECRET: text,
    SESSION_IDLE_MINUTES: num(120),
    SESSION_ABSOLUTE_HOURS: int(24),
    SMTP_URL: text,
    MAIL_FROM: z.string().optional(),
    // Web Push's key pair (base64url, as `npx web-push generate-vapid-keys` prints), both or neither
    VAPID_PUBLIC_KEY: text.refine((v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v), 'a base64url P-256 public key (87 characters)'),
    VAPID_PRIVATE_KEY: text.refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), 'a base64url P-256 private key (43 characters)'),
    VAPID_SUBJECT: text.refine((v) => v === undefined || /^(mailto:|https:\/\/)/.test(v), 'a mailto: or https:// contact'),
    // SMS through an HTTP gateway (docs/notifications.md, "SMS"); unset URL: no SMS channel
    SMS_GATEWAY_URL: httpUrl('https://sms.example/send'),
    SMS_GATEWAY_TEMPLATE: text.superRefine((v, ctx) => {
      const problem = v === undefined ? null : templateProblem(v);
      if (problem)
        ctx.addIssue({ code: 'custom', message: `a JSON body with {{to}}, {{text}}, {{id}} placeholders such as ${DEFAULT_SMS_TEMPLATE}: ${problem}` });
    }),
    SMS_GATEWAY_AUTH: text,
    SIM_ENABLED: bool(true),
    SIM_STATIONS: int(60),
    SIM_INTERVAL_MS: int(5000),
    SIM_ACK_FAILURE_RATE: share(0.05),
    GATEWAY_SECRET: text,
    REPLICAS: int(1),
    COMMAND_TIMEOUT_MS: int(30_000),
    API_TOKEN_RATE_PER_MINUTE: int(120),
    NOTIFY_POLL_MS: int(NOTIFY_DEFAULTS.pollMs),
    NOTIFY_LEASE_MS: int(NOTIFY_DEFAULTS.leaseMs),
    NOTIFY_MAX_ATTEMPTS: int(NOTIFY_DEFAULTS.maxAttempts),
    NOTIFY_STORM_GRACE_MS: int(NOTIFY_DEFAULTS.stormGraceMs),
    NOTIFY_WEBHOOK_TIMEOUT_MS: int(NOTIFY_DEFAULTS.webhookTimeoutMs),
    NOTIFY_FLAP_COUNT: int(NOTIFY_DEFAULTS.flapCount ?? 3),
    NOTIFY_FLAP_MINUTES: int(NOTIFY_DEFAULTS.flapMinutes ?? 10),
    BACKFILL_DAYS: int(30),
    BACKFILL_MINUTE_HOURS: int(6),
    BACKFILL_DEVICE_HOURS: int(6),
    TELEMETRY_RAW_DAYS: int(2),
    TELEMETRY_MINUTE_DAYS: int(14),
    TELEMETRY_QUARTER_DAYS: int(400),
    SEED: bool(true),
    LOG_LEVEL: z.string().optional(),
    LOG_ACCESS: bool(false),
    ALLOWED_ORIGINS: z.string().optional(),
    STATIC_DIR: z.string().optional(),
    MAP_STYLE_URL: httpUrl('https://tiles.example/style.json'),
  })
  // EMQX's REST API, to close a revoked session's open connections: all three variables or none,
  // and only where it means something (MQTT_ACCESS=http), so a half-set one is not ignored silently.
  .superRefine((e, ctx) => {
    if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
      });
    const set = [e.EMQX_API_URL, e.EMQX_API_KEY, e.EMQX_API_SECRET].filter((v) => v !== undefined).length;
    if (set === 0) return;
    if (set < 3)
      ctx.addIssue({ code: 'custom', path: ['EMQX_API_URL'], message: 'EMQX_API_URL, EMQX_API_KEY and EMQX_API_SECRET are set together or not at all' });
    if (e.MQTT_ACCESS !== 'http' || !e.MQTT_URL)
      ctx.addIssue({ code: 'custom', path: ['EMQX_API_URL'], message: 'used only with MQTT_URL and MQTT_ACCESS=http (an EMQX cluster)' });
  });

/** Every bad variable, one per line: `NAME: what it must be (got "value")`. */
const describe = (error: z.ZodError, env: NodeJS.ProcessEnv): string =>
  error.issues
    .map((i) => {
      const name = String(i.path[0] ?? '');
      const got = env[name];
      return `  ${name}: ${i.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
    })
    .join('\n');

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
  /** Web Push: the server's key pair (unset: made once and kept in the database) and contact */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** SMS_GATEWAY_*: where SMS notifications are posted; unset: no SMS channel */
  sms?: SmsGateway;
  /** NOTIFY_*: the notifier's poll, lease, attempts, storm grace, webhook timeout and flapping (docs/notifications.md) */
  notify: NotifyOptions;
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
  /** calls one API token may make per minute (docs/integrations.md) */
  apiTokenPerMinute: number;
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

/** The configuration of `env`; throws one error listing every variable that is not as documented. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`invalid environment (README.md lists the variables):\n${describe(parsed.error, env)}`);
  const e = parsed.data;
  return {
    host: e.HOST ?? '0.0.0.0',
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR === undefined ? './data/pglite' : e.PGLITE_DIR === 'memory' ? '' : e.PGLITE_DIR,
    mqttUrl: e.MQTT_URL,
    mqttPublicWsUrl: e.MQTT_PUBLIC_WS_URL,
    mqttAdminUser: e.MQTT_ADMIN_USER ?? 'ems-admin',
    mqttAdminPassword: e.MQTT_ADMIN_PASSWORD ?? 'ems-admin-secret',
    mqttAccess: e.MQTT_ACCESS ?? 'dynsec',
    mqttHookSecret: e.MQTT_HOOK_SECRET,
    emqxApi: e.EMQX_API_URL && e.EMQX_API_KEY && e.EMQX_API_SECRET ? { url: e.EMQX_API_URL, key: e.EMQX_API_KEY, secret: e.EMQX_API_SECRET } : undefined,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'EMS Cloud <no-reply@ems.example>',
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM ?? '')?.[1] ?? e.MAIL_FROM ?? 'no-reply@ems.example'}`,
    },
    sms: e.SMS_GATEWAY_URL
      ? { url: e.SMS_GATEWAY_URL, template: e.SMS_GATEWAY_TEMPLATE ?? DEFAULT_SMS_TEMPLATE, ...(e.SMS_GATEWAY_AUTH ? { auth: e.SMS_GATEWAY_AUTH } : {}) }
      : undefined,
    simulator: e.SIM_ENABLED,
    simStations: e.SIM_STATIONS,
    simIntervalMs: e.SIM_INTERVAL_MS,
    simAckFailureRate: e.SIM_ACK_FAILURE_RATE,
    gatewaySecret: e.GATEWAY_SECRET ?? randomBytes(32).toString('hex'),
    gatewaySecretRandom: e.GATEWAY_SECRET === undefined,
    replicas: e.REPLICAS,
    commandTimeoutMs: e.COMMAND_TIMEOUT_MS,
    apiTokenPerMinute: e.API_TOKEN_RATE_PER_MINUTE,
    notify: {
      pollMs: e.NOTIFY_POLL_MS,
      leaseMs: e.NOTIFY_LEASE_MS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      stormGraceMs: e.NOTIFY_STORM_GRACE_MS,
      webhookTimeoutMs: e.NOTIFY_WEBHOOK_TIMEOUT_MS,
      flapCount: e.NOTIFY_FLAP_COUNT,
      flapMinutes: e.NOTIFY_FLAP_MINUTES,
    },
    backfillDays: e.BACKFILL_DAYS,
    backfillMinuteHours: e.BACKFILL_MINUTE_HOURS,
    backfillDeviceHours: e.BACKFILL_DEVICE_HOURS,
    telemetryRawDays: e.TELEMETRY_RAW_DAYS,
    telemetryMinuteDays: e.TELEMETRY_MINUTE_DAYS,
    telemetryQuarterDays: e.TELEMETRY_QUARTER_DAYS,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL ?? 'info',
    logAccess: e.LOG_ACCESS,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    signatureSkewSeconds: 300,
    nonceWindowSeconds: 600,
    staticDir: e.STATIC_DIR ?? 'dist',
    mapStyleUrl: e.MAP_STYLE_URL,
    mapStyleOrigins: e.MAP_STYLE_URL ? [new URL(e.MAP_STYLE_URL).origin] : [],
  };
};
