// The code lists of the domain (SPEC §2-§4), in one place the console and the server both read.
// Nothing is imported here, so a screen that only needs a list (a filter's options, a state's
// name) does not pull the request schemas and their validator into its chunk. Order matters:
// filters, tabs and legends show the codes in the order written here, and the device-state lists
// are indexed by the numeric code a gateway sends.

// ───────────────────────────── stations ─────────────────────────────

export const SYSTEM_TYPES = { onGrid: 1, offGrid: 2, switching: 3 } as const;
export const ENERGY_TYPES = ['pv', 'ess', 'dg', 'load', 'charging'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];
export const SITE_TYPES = ['factory', 'commercial', 'residential'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
/** Station status icon (SPEC §2, 0-4): 0 normal, 1 alarm, 2 fault, 3 offline, 4 not commissioned. */
export const STATION_STATUS = { normal: 0, alarm: 1, fault: 2, offline: 3, notCommissioned: 4 } as const;
export type StationStatus = (typeof STATION_STATUS)[keyof typeof STATION_STATUS];
/** What a station's homepage card shows (SPEC §2 station matrix cards, types 1-3): live storage
 *  figures, the tariff in force, or last month's charge, discharge and income. */
export const CARD_TYPES = { live: 1, tariff: 2, lastMonth: 3 } as const;

// ───────────────────────────── devices ─────────────────────────────

export const DEVICE_TYPES = ['pv_inverter', 'pcs', 'battery_cluster', 'generator', 'charging_pile', 'load', 'gateway', 'weather_station', 'meter'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A value's quality: measured now, not refreshed in time, or marked bad by its device. */
export const POINT_QUALITIES = ['good', 'stale', 'bad'] as const;
export type PointQuality = (typeof POINT_QUALITIES)[number];

/** Diesel generator states 0-14, in SPEC order. */
export const GENERATOR_STATES = [
  'standby',
  'preheating',
  'fuelBurn',
  'startup',
  'startupInterval',
  'safeOperation',
  'bootupIdle',
  'warming',
  'loading',
  'normalOperation',
  'cooling',
  'stallIdle',
  'deEnergisedStop',
  'awaitingFullStop',
  'shutdownFailure',
] as const;
/** Battery cluster states 0-6. */
export const CLUSTER_STATES = ['normal', 'fullyCharged', 'fullyDischarged', 'alarm', 'fault', 'forceChargeRequest', 'underVoltageProtection'] as const;
/** ESS (carried by each PCS) 0-2. */
export const ESS_STATES = ['init', 'standby', 'shutdown'] as const;
/** Grid state of the meter 0-2. */
export const GRID_STATES = ['onGrid', 'offGrid', 'switching'] as const;
/** Charging pile 0-1. */
export const PILE_STATES = ['standby', 'charging'] as const;
/** PCS converter 0-1. */
export const PCS_STATES = ['off', 'on'] as const;
/** PV inverter 0-2 (curtailed: held below what the sun allows). */
export const PV_STATES = ['standby', 'running', 'curtailed'] as const;

// ───────────────────────────── alarms ─────────────────────────────

export const ALARM_CATEGORIES = ['event', 'protection', 'alarm', 'fault'] as const;
export type AlarmCategory = (typeof ALARM_CATEGORIES)[number];
/** The categories most severe first, as the analysis charts stack them. */
export const ALARM_CATEGORIES_BY_SEVERITY = ['fault', 'protection', 'alarm', 'event'] as const satisfies readonly AlarmCategory[];
/** What happened to an alarm, as the timeline and the pushes name it. */
export const ALARM_EVENTS = ['raised', 'acked', 'assigned', 'unassigned', 'commented', 'recovered', 'resolved'] as const;
export type AlarmEvent = (typeof ALARM_EVENTS)[number];
export const ALARM_TYPES = ['fault', 'alert', 'event'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
/** A maintenance window is planned (starts in the future), active (now inside it) or ended. */
export const WINDOW_STATES = ['planned', 'active', 'ended'] as const;
/** SPEC §3 alarm status: 1 unresolved, 2 resolved. */
export const ALARM_STATUS = { unresolved: 1, resolved: 2 } as const;
/** SPEC §4: 35002 shows a pop-up; 35003 shows a pop-up and plays the category's sound. */
export const ACTION_WAY = { popup: 35002, popupWithSound: 35003 } as const;

// ───────────────────────────── tariffs and strategies ─────────────────────────────

export const PERIODS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type Period = (typeof PERIODS)[number];
export const TARIFF_STATUS = ['active', 'pending', 'history'] as const;
export const OIL_PRICE_STATUS = ['pending', 'active', 'expired'] as const;
export const STRATEGY_KINDS = ['peakShaving', 'island'] as const;
/** A switch record's operation: a mode enabled or shut down. */
export const SWITCH_OPERATIONS = ['enablePeakShaving', 'shutDownPeakShaving', 'enableIsland', 'shutDownIsland'] as const;
export type SwitchOperation = (typeof SWITCH_OPERATIONS)[number];
/** 0 not issued, 1 issued successfully, 2 issue failed (SPEC §4). */
export const ISSUE_STATUS = { notIssued: 0, success: 1, failed: 2 } as const;
/**
 * Why a gateway command (strategy issue, mode switch) failed, as recorded in its `reason`: the
 * gateway's refusals (controllerBusy, invalidParameters, failed: refused without a reason) and the
 * platform's (ackTimeout: no answer in time; notDelivered: not published; serverShutdown). A
 * gateway may send a code of its own; the console shows an unknown code as itself.
 */
export const GATEWAY_REASONS = ['controllerBusy', 'invalidParameters', 'failed', 'ackTimeout', 'notDelivered', 'serverShutdown'] as const;
export type GatewayReason = (typeof GATEWAY_REASONS)[number];
/** The reasons that mean no answer came (the others: the gateway answered no). */
export const UNANSWERED_REASONS = ['ackTimeout', 'notDelivered', 'serverShutdown'] as const satisfies readonly GatewayReason[];

// ───────────────────────────── notifications ─────────────────────────────

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'dead', 'suppressed'] as const;
/** `dispatch`, `report`: a webhook's dispatch.result and report.ready events (no alarm) */
export const DELIVERY_KINDS = ['raised', 'cleared', 'acked', 'digest', 'test', 'escalated', 'dispatch', 'report'] as const;
/** How one attempt at a delivery ended; `replayed`: an administrator put the dead delivery back to pending. */
export const DELIVERY_OUTCOMES = ['sent', 'failed', 'suppressed', 'interrupted', 'replayed'] as const;

// ───────────────────────────── reports ─────────────────────────────

/** Whose figures a report shows: the platform's, a service provider's stations', one site's. */
export const REPORT_KINDS = ['platform', 'service', 'site'] as const;
/** The data items a report can show, in the order its columns show them. */
export const REPORT_ITEMS = [
  'pvKwh',
  'chargeKwh',
  'dischargeKwh',
  'loadKwh',
  'gridImportKwh',
  'gridExportKwh',
  'generatorKwh',
  'fuelLitres',
  'chargingPileKwh',
  'income',
  'savings',
  'fuelCost',
  'availabilityPct',
  'alarmCount',
] as const;
export type ReportItem = (typeof REPORT_ITEMS)[number];
/** A report's rows: one per day, month or year. */
export const REPORT_GRANULARITIES = ['day', 'month', 'year'] as const;
/** A scheduled report is e-mailed after every full ISO week or month. */
export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
/** A scheduled report's delivery: being built and sent, sent, or failed. */
export const REPORT_DELIVERY_STATUSES = ['sending', 'sent', 'failed'] as const;
/** A report's share link: usable, past its expiry, or revoked. */
export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
/** What a bill line charges for: energy bought or sold, diesel, a tier, demand, capacity, a fixed fee. */
export const BILL_DIRECTIONS = ['import', 'export', 'fuel', 'tier', 'demand', 'capacity', 'fixed'] as const;

// ───────────────────────────── API tokens ─────────────────────────────

/** personal: one person's scripts; service: a system integration (longer expiry allowed) */
export const API_TOKEN_KINDS = ['personal', 'service'] as const;
export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

// ───────────────────────────── audit ─────────────────────────────

/** Kinds whose ids the audit log resolves to names. */
export const AUDIT_NAMED_KINDS = ['account', 'org', 'role', 'station', 'tariff', 'tariffTemplate', 'strategy'] as const;
export type AuditNamedKind = (typeof AUDIT_NAMED_KINDS)[number];

/** Detail fields that hold ids (or lists of ids) of a named kind. */
export const AUDIT_REF_FIELDS = {
  accountId: 'account',
  assigneeId: 'account',
  previous: 'account',
  orgId: 'org',
  roleId: 'role',
  stationId: 'station',
  stationIds: 'station',
  scopeStationIds: 'station',
  strategyId: 'strategy',
  tariffId: 'tariff',
  templateId: 'tariffTemplate',
} as const satisfies Record<string, AuditNamedKind>;
