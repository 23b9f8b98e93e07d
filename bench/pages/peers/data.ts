// Data shared by our widgets and the peers' engines on the bench pages: generated in the page
// from fixed seeds, so both sides draw exactly the same values and only drawing is timed.
import { ALARM_CATEGORIES, ALARM_TYPES } from '../../../protocol/codes';
import type { MapStation } from '../../../streams/home/cluster';

/** 4 series sampled every 5 s (the trend bench's shapes); `n` samples each, times in seconds. */
export function trendColumns(n: number, series = 4): { xs: Float64Array; ys: Float64Array[] } {
  const step = 5;
  const t0 = 1_767_225_600 - n * step; // fixed end: 2026-01-01
  const xs = new Float64Array(n);
  const ys = Array.from({ length: series }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const t = t0 + i * step;
    xs[i] = t;
    ys[0]![i] = 50 + 40 * Math.sin(t / 3600) + 5 * Math.sin(t / 97);
    if (series > 1) ys[1]![i] = 30 + 20 * Math.cos(t / 5400) + 3 * Math.sin(t / 61);
    if (series > 2) ys[2]![i] = Math.round(4 + 3 * Math.sin(t / 7200)); // a state: drawn as steps
    if (series > 3) ys[3]![i] = 60 + 30 * Math.sin(t / 86_400);
  }
  return { xs, ys };
}

export const TREND_SERIES = [
  { label: 'PV kW', color: '#f59e0b', stepwise: false },
  { label: 'Load kW', color: '#3b82f6', stepwise: false },
  { label: 'State', color: '#a855f7', stepwise: true },
  { label: 'SOC %', color: '#10b981', stepwise: false },
] as const;

/**
 * The x ranges a wheel session walks through (the trend widget's own steps: ×1.3 per zoom notch
 * about the pointer, 15 % of the span per pan notch): `zoomIn` steps in, `pan` steps right then
 * back left, `zoomOut` steps out. The pointer stands at `at` (0..1) of the plot width.
 */
export function wheelRanges(
  min: number,
  max: number,
  at: number,
  zoomIn: number,
  pan: number,
  zoomOut: number,
): Array<{ min: number; max: number; dy: number; shift: boolean }> {
  const out: Array<{ min: number; max: number; dy: number; shift: boolean }> = [];
  let lo = min;
  let hi = max;
  const zoom = (dy: number) => {
    const f = 1.3 ** (dy / 120);
    const x = lo + (hi - lo) * at;
    lo = x - (x - lo) * f;
    hi = x + (hi - x) * f;
    out.push({ min: lo, max: hi, dy, shift: false });
  };
  for (let i = 0; i < zoomIn; i++) zoom(-120);
  for (let i = 0; i < pan; i++) {
    const dy = i < pan / 2 ? 120 : -120;
    const d = (dy / 120) * (hi - lo) * 0.15;
    lo += d;
    hi += d;
    out.push({ min: lo, max: hi, dy, shift: true });
  }
  for (let i = 0; i < zoomOut; i++) zoom(120);
  return out;
}

const rnd = (seed: number) => () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

/** The homepage map's station shape, so both sides cluster what the console would. */
export type BenchStation = MapStation;

/** `n` stations over eastern Asia (the homepage bench's spread), statuses 0-4 in turn. */
export function stations(n: number): BenchStation[] {
  const r = rnd(7);
  return Array.from({ length: n }, (_, i) => {
    const lat = 18 + r() * 30;
    const lon = 75 + r() * 50;
    return { stationId: i + 1, serviceProviderId: 1, stationName: `Bench station ${i + 1}`, lon, lat, stationStatus: i % 5, installedPower: r() * 5 };
  });
}

export interface BenchAlarm {
  alarmId: number;
  stationName: string;
  deviceName: string;
  deviceType: string;
  alarmCategory: string;
  alarmType: string;
  alarmStatus: number;
  content: string;
  happenTime: string;
  recoveryTime: string;
}

const DEVICES = ['pcs', 'battery_cluster', 'pv_inverter', 'meter', 'gateway'];

/** `n` alarm records as the alarm list shows them, newest first. */
export function alarms(n: number): BenchAlarm[] {
  const end = Date.UTC(2026, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    alarmId: n - i,
    stationName: `Bench station ${(i % 5000) + 1}`,
    deviceName: `${DEVICES[i % 5]} #${(i % 12) + 1}`,
    deviceType: DEVICES[i % 5]!,
    alarmCategory: ALARM_CATEGORIES[i % 4]!,
    alarmType: ALARM_TYPES[i % 3]!,
    alarmStatus: 1 + (i % 2),
    content: `Cell temperature ${40 + (i % 20)} °C above the limit on rack ${(i % 16) + 1}`,
    happenTime: new Date(end - i * 60_000).toISOString().slice(0, 19).replace('T', ' '),
    recoveryTime: i % 2 ? new Date(end - i * 60_000 + 300_000).toISOString().slice(0, 19).replace('T', ' ') : '',
  }));
}

export const ALARM_COLUMNS: ReadonlyArray<{ key: keyof BenchAlarm; label: string; size: number }> = [
  { key: 'stationName', label: 'Station', size: 160 },
  { key: 'deviceName', label: 'Device', size: 130 },
  { key: 'deviceType', label: 'Device type', size: 110 },
  { key: 'alarmCategory', label: 'Category', size: 90 },
  { key: 'alarmType', label: 'Type', size: 70 },
  { key: 'alarmStatus', label: 'Status', size: 70 },
  { key: 'content', label: 'Content', size: 300 },
  { key: 'happenTime', label: 'Happened', size: 150 },
  { key: 'recoveryTime', label: 'Recovered', size: 150 },
];
