// Every setting comes from the environment; README.md has the table. Defaults start the
// whole product embedded: PGlite on disk, Aedes on the HTTP port, the simulated fleet on.

const int = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number.parseInt(v, 10));
const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : !/^(0|false|no|off)$/i.test(v));

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
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  smtpUrl?: string;
  mailFrom: string;
  simulator: boolean;
  simStations: number;
  seed: boolean;
  logLevel: string;
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
  sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
  sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24),
  smtpUrl: env.SMTP_URL || undefined,
  mailFrom: env.MAIL_FROM ?? 'EMS Cloud <no-reply@ems.example>',
  simulator: bool(env.SIM_ENABLED, true),
  simStations: int(env.SIM_STATIONS, 60),
  seed: bool(env.SEED, true),
  logLevel: env.LOG_LEVEL ?? 'info',
  allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  signatureSkewSeconds: 300,
  nonceWindowSeconds: 600,
  staticDir: env.STATIC_DIR ?? 'dist',
  mapStyleUrl: env.MAP_STYLE_URL || undefined,
  mapStyleOrigins: env.MAP_STYLE_URL ? [new URL(env.MAP_STYLE_URL).origin] : [],
});
