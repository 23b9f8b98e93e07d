import { describe, expect, it } from 'vitest';
import { clusterStations, worseStatus, type MapStation } from '../cluster';

const st = (id: number, lon: number, lat: number, status = 0): MapStation => ({
  stationId: id,
  serviceProviderId: 1,
  stationName: `s${id}`,
  lon,
  lat,
  stationStatus: status,
  installedPower: 1,
});

describe('clusterStations', () => {
  it('merges near stations at low zoom with count, power and worst status; splits them when zoomed in', () => {
    const list = [st(1, 120, 31, 0), st(2, 120.01, 31.01, 2), st(3, 10, 50, 1)];
    const low = clusterStations(list, 3);
    expect(low).toHaveLength(2);
    const c = low.find((p) => p.count === 2)!;
    expect(c.status).toBe(2);
    expect(c.power).toBe(2);
    expect(c.station).toBeNull();
    expect(clusterStations(list, 14).every((p) => p.count === 1 && p.station)).toBe(true);
  });
  it('orders severity fault > alarm > offline > not commissioned > normal', () => {
    expect(worseStatus(0, 4)).toBe(4);
    expect(worseStatus(3, 1)).toBe(1);
    expect(worseStatus(2, 1)).toBe(2);
  });
  // its speed is a bench figure (the home group's map pan at 50,000 stations), not a test
  it('clusters 50,000 stations, each counted once with its power', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => st(i + 1, -180 + ((i * 7.3) % 360), -60 + ((i * 3.1) % 120)));
    const pts = clusterStations(many, 2);
    expect(pts.reduce((a, p) => a + p.count, 0)).toBe(50_000);
    expect(pts.length).toBeLessThan(50_000 / 10);
    expect(pts.every((p) => p.power === p.count && (p.count === 1) === (p.station !== null))).toBe(true);
  });
});
