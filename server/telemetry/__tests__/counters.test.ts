import { describe, expect, it } from 'vitest';
import { POINTS, pointIndex } from '../../../protocol/fleet';
import { checkCounters, type CounterTrack } from '../counters';

// A meter rated 100 kW: at most 150 kWh/h plus 2.5 kWh of slack between two readings.
const IMPORT = pointIndex('meter', 'importKwh');
const reading = (ts: number, kwh: number) => {
  const v: (number | null)[] = POINTS.meter.map(() => 0);
  v[IMPORT] = kwh;
  return { ts, v };
};

describe('meter counters', () => {
  it('books plausible steps, refuses a glitch and continues from the last good reading', () => {
    const tracks = new Map<number, CounterTrack>();
    expect(checkCounters('meter', tracks, 1, reading(0, 100), 100)).toEqual({ ok: true, increments: [] });
    expect(checkCounters('meter', tracks, 1, reading(60_000, 101), 100)).toEqual({ ok: true, increments: [['gridImport', 1]] });
    expect(checkCounters('meter', tracks, 1, reading(65_000, 1e12), 100)).toMatchObject({ ok: false, reason: 'counterJump' });
    expect(checkCounters('meter', tracks, 1, reading(70_000, 101.2), 100)).toMatchObject({ ok: true, increments: [['gridImport', expect.closeTo(0.2, 9)]] });
  });

  it('adopts a replaced meter as a new baseline without booking the difference', () => {
    const tracks = new Map<number, CounterTrack>();
    checkCounters('meter', tracks, 1, reading(0, 5000), 100);
    expect(checkCounters('meter', tracks, 1, reading(5_000, 3), 100)).toMatchObject({ ok: false, reason: 'counterBackwards' });
    // the next reading continues from 3: a new meter, not a glitch
    expect(checkCounters('meter', tracks, 1, reading(10_000, 3.1), 100)).toEqual({ ok: true, increments: [] });
    expect(checkCounters('meter', tracks, 1, reading(15_000, 3.2), 100)).toMatchObject({ ok: true, increments: [['gridImport', expect.closeTo(0.1, 9)]] });
  });
});
