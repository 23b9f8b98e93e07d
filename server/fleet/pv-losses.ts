import { rand } from './noise';

// The losses between plane-of-array irradiance and an inverter's AC output that a real array
// has and the ideal model lacked (docs/fleet.md, PV losses): wiring and mismatch, module ageing,
// reflection (incidence angle), soiling that builds up between rains, inverter outages. Each is
// a pure function of the station seed, the inverter and the day, so backfill and live agree and
// stations differ from one another and from day to day. Temperature and clipping are applied by
// the station model itself (they depend on the instant).

const DAY = 86_400_000;

/** An extra soiling loss over [from, to) (a dust storm until the array is cleaned). */
export interface SoilingEpisode { from: number; to: number; loss: number }

/** Days the episode lasts before the array is cleaned, and its loss. */
export const EPISODE_DAYS = 9;
export const EPISODE_LOSS = 0.2;
/** The episode starts this many days before the history ends (the first start). */
export const EPISODE_LEAD_DAYS = 7;

/** Constant losses of a station's array: wiring and mismatch, ageing, reflection. */
export const arrayFactor = (seed: number): number => {
  const wiring = 0.955 + 0.025 * rand(seed, 0, 201);
  const ageYears = 0.5 + 7 * rand(seed, 0, 203);
  const ageing = 1 - 0.005 * ageYears;
  const reflection = 0.97 + 0.015 * rand(seed, 0, 205);
  return wiring * ageing * reflection;
};

/** Soiling loss of a day: grows at the site's rate since the last rain (or cleaning), capped. */
export const soilingLoss = (seed: number, t: number): number => {
  const day = Math.floor(t / DAY);
  const rate = 0.0005 + 0.003 * rand(seed, 0, 207); // 0.05-0.35 % a day
  const rainChance = 0.06 + 0.2 * rand(seed, 0, 209);
  let dry = 0;
  while (dry < 60 && rand(seed, day - dry, 211) >= rainChance) dry++;
  return Math.min(0.08, rate * dry);
};

/** Whether an inverter is out at t: a fault (2 % of inverter-days) from a random hour until the next day's repair visit. */
export const inverterOut = (seed: number, inverterId: number, t: number): boolean => {
  const day = Math.floor(t / DAY);
  const faultAt = (d: number) => (rand(seed, inverterId * 7919 + d, 213) < 0.02 ? d * DAY + DAY * rand(seed, inverterId * 7919 + d, 215) : null);
  const today = faultAt(day);
  if (today !== null && t >= today) return true;
  // a fault of yesterday is repaired by 10:00 UTC today
  return faultAt(day - 1) !== null && t < day * DAY + 10 * 3_600_000;
};

/** The array's output share at t from the losses above (before temperature and clipping). */
export const pvLossFactor = (seed: number, t: number, episode: SoilingEpisode | null | undefined): number => {
  const extra = episode && t >= episode.from && t < episode.to ? episode.loss : 0;
  return arrayFactor(seed) * (1 - soilingLoss(seed, t)) * (1 - extra);
};

/**
 * The fleet's one soiling episode: of the stations with PV and a weather station, the one whose
 * array is otherwise the best
 * catches a dust storm `EPISODE_LEAD_DAYS` before the end of its first history, cleaned
 * `EPISODE_DAYS` later, so the recent history of a fresh start shows a PR drop ("PR fell").
 * `historyStart` is the first stored interval (or where the first backfill starts), so a
 * restart finds the same episode.
 */
export const soilingEpisode = (
  configs: readonly { id: number; seed: number; devices: readonly { type: string }[] }[], historyStart: number, historyDays: number,
): { stationId: number; episode: SoilingEpisode } | null => {
  const candidates = configs.filter((c) => c.devices.some((d) => d.type === 'pv_inverter') && c.devices.some((d) => d.type === 'weather_station'));
  // the otherwise best array: its drop stands out against its own past, not against a poor one
  const station = candidates.sort((a, b) => arrayFactor(b.seed) - arrayFactor(a.seed) || a.id - b.id)[0];
  if (!station) return null;
  const from = historyStart + (historyDays - EPISODE_LEAD_DAYS) * DAY;
  return { stationId: station.id, episode: { from, to: from + EPISODE_DAYS * DAY, loss: EPISODE_LOSS } };
};
