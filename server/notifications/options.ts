// How often and how hard the notifier works: defaults here, the server's own from the
// environment (server/config.ts, NOTIFY_*), tests' from their constructors.

export interface NotifyOptions {
  /** NOTIFY_POLL_MS: pause between polls; 0 = no polling (tests call tick) */
  pollMs: number;
  /** NOTIFY_LEASE_MS: how long a claimed delivery is this replica's before another may take it over */
  leaseMs: number;
  /** NOTIFY_MAX_ATTEMPTS: attempts before a delivery is dead */
  maxAttempts: number;
  /** NOTIFY_STORM_GRACE_MS: how long a gateway-offline or device communication alarm waits for its storm */
  stormGraceMs: number;
  /** NOTIFY_WEBHOOK_TIMEOUT_MS */
  webhookTimeoutMs: number;
  /** NOTIFY_FLAP_COUNT / NOTIFY_FLAP_MINUTES: raises of one alarm within the minutes after which further ones are one message (count 0: off) */
  flapCount?: number;
  flapMinutes?: number;
  /** pause before the next attempt after n failed ones (tests shorten it) */
  backoff?: (attempts: number) => number;
}

/** What a notifier does when not told otherwise (the server's come from the environment: server/config.ts). */
export const NOTIFY_DEFAULTS: NotifyOptions = {
  pollMs: 1000,
  leaseMs: 60_000,
  maxAttempts: 8,
  stormGraceMs: 30_000,
  webhookTimeoutMs: 10_000,
  flapCount: 3,
  flapMinutes: 10,
};
