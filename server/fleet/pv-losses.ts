import { rand } from './noise';

// The losses between plane-of-array irradiance and an inverter's AC output that a real array
// has and the ideal model lacked (docs/fleet.md, PV losses): wiring and mismatch, module ageing,
// reflection off the front glass (grows with the angle of incidence), the modules' lower
// efficiency in weak light, soiling that builds up between rains, inverter outages. Each is a
// pure function of the station seed, the inverter, the day or the instant's sun, so backfill and
// live agree and stations differ from one another, from day to day and from noon to dusk.
// Temperature and clipping are applied by the station model itself.

const DAY = 86_400_000;

/** An extra soiling loss over [from, to) (a dust storm until the array is cleaned). */
export interface SoilingEpisode {
  from: number;
  to: number;
  loss: number;
}

/** Days the episode lasts before the array is cleaned, and its loss. */
export const EPISODE_DAYS = 9;
export const EPISODE_LOSS = 0.2;
/** The episode starts this many days before the history ends (the first start). */
export const EPISODE_LEAD_DAYS = 7;

/** Constant losses of a station's array: DC and AC wiring and mismatch (2.5-5 %), ageing. */
export const arrayFactor = (seed: number): number => {
  const wiring = 0.95 + 0.025 * rand(seed, 0, 201);
  const ageYears = 0.5 + 7 * rand(seed, 0, 203);
  const ageing = 1 - 0.005 * ageYears;
  return wiring * ageing;
};

/** Angle of incidence of diffuse and ground-reflected light, for the glass's loss (its usual equivalent). */
const DIFFUSE_INCIDENCE_COS = Math.cos((60 * Math.PI) / 180);

/**
 * Share of the plane-of-array irradiance the cells receive and convert, relative to STC: the front
 * glass reflects more the more obliquely light arrives (ASHRAE incidence-angle modifier
 * 1 − b₀ (1/cos θ − 1), b₀ 0.04-0.06 by glass and coating; diffuse light as at 60°), and a module
 * converts weak light less efficiently (1 + a · ln(G / 1000 W/m²), a 0.015-0.03: 3-5 % less at
 * 200 W/m²). Both weigh most at low sun: mornings, evenings, winter.
 */
export const opticalFactor = (seed: number, w: { poa: number; poaBeam: number; cosInc: number }): number => {
  if (w.poa <= 0) return 0;
  const b0 = 0.04 + 0.02 * rand(seed, 0, 205);
  const iam = (cos: number) => (cos <= 0 ? 0 : Math.max(0, 1 - b0 * (1 / cos - 1)));
  const beam = Math.min(w.poaBeam, w.poa);
  const optics = (beam * iam(w.cosInc) + (w.poa - beam) * iam(DIFFUSE_INCIDENCE_COS)) / w.poa;
  const a = 0.015 + 0.015 * rand(seed, 0, 217);
  const weakLight = Math.min(1, Math.max(0, 1 + a * Math.log(w.poa / 1000)));
  return optics * weakLight;
};

/** Soiling loss of a day: grows at the site's rate since the last rain, capped at 6 %. */
export const soilingLoss = (seed: number, t: number): number => {
  const day = Math.floor(t / DAY);
  const rate = 0.0005 + 0.003 * rand(seed, 0, 207); // 0.05-0.35 % a day
  const rainChance = 0.06 + 0.2 * rand(seed, 0, 209);
  let dry = 0;
  while (dry < 60 && rand(seed, day - dry, 211) >= rainChance) dry++;
  return Math.min(0.06, rate * dry);
};

/** An inverter's efficiency at output share p: its own consumption, a loss linear in p and an ohmic one in p². */
const SELF_USE = 0.003;
const conversion = (p: number): number => p / (p + SELF_USE + 0.007 * p + 0.005 * p * p);
const BEST = conversion(Math.sqrt(SELF_USE / 0.005));

/**
 * An inverter's conversion efficiency at the share `load` of its rated output: its own
 * consumption (0.3 % of the rating), a loss proportional to the power and an ohmic one growing
 * with its square, scaled so the datasheet figure `peak` is the best it does (at about three
 * quarters of its rating). Light load costs most: about 2 points at a tenth of the rating, 5 at a
 * twentieth.
 */
export const inverterEfficiency = (peak: number, load: number): number => (peak * conversion(Math.max(0.005, load))) / BEST;

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
  configs: readonly { id: number; seed: number; devices: readonly { type: string }[] }[],
  historyStart: number,
  historyDays: number,
): { stationId: number; episode: SoilingEpisode } | null => {
  const candidates = configs.filter((c) => c.devices.some((d) => d.type === 'pv_inverter') && c.devices.some((d) => d.type === 'weather_station'));
  // the otherwise best array: its drop stands out against its own past, not against a poor one
  const station = candidates.sort((a, b) => arrayFactor(b.seed) - arrayFactor(a.seed) || a.id - b.id)[0];
  if (!station) return null;
  const from = historyStart + (historyDays - EPISODE_LEAD_DAYS) * DAY;
  return { stationId: station.id, episode: { from, to: from + EPISODE_DAYS * DAY, loss: EPISODE_LOSS } };
};
