import { fractal, rand, valueNoise } from './noise';

// Sun and weather at a site (docs/fleet.md): NOAA-style solar position, Haurwitz clear-sky
// irradiance, a cloud process (a daily regime per site plus smooth multi-scale fluctuation),
// plane-of-array irradiance for the array tilt/azimuth, ambient and module temperature, wind.
// All pure functions of (site seed, lat, lon, t).

const RAD = Math.PI / 180;
const DAY = 86_400_000;

export interface SunPos {
  /** cosine of the zenith angle (≤ 0 at night) */
  cosZ: number;
  /** azimuth, degrees from north, clockwise */
  azimuth: number;
}

export const sunPosition = (lat: number, lon: number, t: number): SunPos => {
  const d = new Date(t);
  const doy = Math.floor((t - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY) + 1;
  const minutesUtc = d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60;
  const g = ((2 * Math.PI) / 365) * (doy - 1 + (minutesUtc / 60 - 12) / 24);
  const eqTime = 229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const trueSolar = minutesUtc + eqTime + 4 * lon;
  const ha = (trueSolar / 4 - 180) * RAD;
  const phi = lat * RAD;
  const cosZ = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(ha);
  const z = Math.acos(Math.max(-1, Math.min(1, cosZ)));
  const sinZ = Math.sin(z) || 1e-9;
  let az = Math.acos(Math.max(-1, Math.min(1, (Math.sin(phi) * Math.cos(z) - Math.sin(decl)) / (Math.cos(phi) * sinZ || 1e-9)))) / RAD;
  az = ha > 0 ? (az + 180) % 360 : (540 - az) % 360;
  return { cosZ, azimuth: az };
};

/** Haurwitz clear-sky global horizontal irradiance, W/m². */
export const clearSkyGhi = (cosZ: number): number => (cosZ <= 0.01 ? 0 : 1098 * cosZ * Math.exp(-0.057 / cosZ));

/** Clear-sky index k ∈ [0.1, 1.05]: the site's weather regime of the day times fast cloud passages. */
export const clearSkyIndex = (seed: number, t: number): number => {
  const day = Math.floor(t / DAY);
  const r = rand(seed, day, 7);
  // regime: 45 % clear, 35 % broken clouds, 20 % overcast, blended across midnight
  const cover = r < 0.45 ? 0.08 : r < 0.8 ? 0.45 : 0.85;
  const slow = valueNoise(seed, t, 3 * 3_600_000, 11); // fronts
  const fast = fractal(seed, t, [40 * 60_000, 9 * 60_000, 2 * 60_000], 13); // cumulus passages
  const c = Math.max(0, Math.min(1, cover * (0.6 + 0.8 * slow) + cover * 0.5 * fast));
  return Math.max(0.1, Math.min(1.05, 1 - 0.85 * c + 0.05 * Math.max(0, fast) * (1 - cover)));
};

export interface Weather {
  ghi: number;
  poa: number;
  /** the direct (beam) part of `poa`, W/m², and the cosine of its angle of incidence on the array */
  poaBeam: number;
  cosInc: number;
  ambientC: number;
  moduleC: number;
  windMs: number;
}

/** Weather at the site for an array of tilt/azimuth (degrees). */
export const weatherAt = (seed: number, lat: number, lon: number, t: number, tiltDeg: number, azimuthDeg: number): Weather => {
  const sun = sunPosition(lat, lon, t);
  const cs = clearSkyGhi(sun.cosZ);
  const k = cs > 0 ? clearSkyIndex(seed, t) : 1;
  const ghi = cs * k;
  // Erbs-like split: more diffuse under clouds
  const diffuseFrac = k > 0.8 ? 0.15 : k > 0.35 ? 0.15 + (0.8 - k) * 1.2 : 0.95;
  const dhi = ghi * Math.min(1, diffuseFrac);
  const dni = sun.cosZ > 0.05 ? (ghi - dhi) / sun.cosZ : 0;
  const sinZ = Math.sqrt(Math.max(0, 1 - sun.cosZ * sun.cosZ));
  const b = tiltDeg * RAD;
  const cosInc = sun.cosZ * Math.cos(b) + sinZ * Math.sin(b) * Math.cos((sun.azimuth - azimuthDeg) * RAD);
  const poaBeam = dni * Math.max(0, cosInc);
  const poa = Math.max(0, poaBeam + (dhi * (1 + Math.cos(b))) / 2 + (ghi * 0.2 * (1 - Math.cos(b))) / 2);
  // climate: warmer near the equator, seasonal swing grows with latitude, daily swing peaks mid-afternoon
  const d = new Date(t);
  const doy = Math.floor((t - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY);
  const summer = Math.cos(((doy - (lat >= 0 ? 200 : 17)) / 365) * 2 * Math.PI);
  const mean = 27 - 0.28 * Math.abs(lat) + summer * Math.min(14, 0.35 * Math.abs(lat));
  const solarHour = (((d.getUTCHours() + d.getUTCMinutes() / 60 + lon / 15) % 24) + 24) % 24;
  const dailyAmp = 3 + 4 * (k > 0.7 ? 1 : 0.5);
  const ambientC = mean + dailyAmp * Math.cos(((solarHour - 15) / 24) * 2 * Math.PI) + 1.5 * fractal(seed, t, [6 * 3_600_000, 3_600_000], 17);
  const windMs = Math.max(0.2, 3 + 2.5 * fractal(seed, t, [4 * 3_600_000, 20 * 60_000, 3 * 60_000], 19));
  const moduleC = ambientC + (poa / 800) * (45 - 20) * Math.max(0.5, 1 - windMs / 20);
  return { ghi, poa, poaBeam, cosInc: Math.max(0, cosInc), ambientC, moduleC, windMs };
};
