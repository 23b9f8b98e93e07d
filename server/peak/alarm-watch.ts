import type { AlarmChange } from '../alarms/durable';
import { dedupKeyOf } from '../alarms/store';
import type { Queryable } from '../db/db';
import { peakWindowState, type PeakWindowState } from './alarm-state';
import { readStationMonth } from './read';

// Watches the stations that have a peak alarm margin (docs/strategies.md, "Peak alarm"): each
// sweep reads the month so far and the current demand window of every such station and raises
// `peakDemandNear` when the window's average import reaches the margin, through the alarm
// machinery's durable queue (stored, then pushed and notified like any alarm). The alarm clears
// when its window has passed (recovery time = the window's end); a later window that is again
// within the margin is a new alarm. Alarms left open by an earlier process are adopted on the
// first sweep and cleared the same way.

export const PEAK_ALARM = 'peakDemandNear';

export interface PeakWatchDeps {
  db: Queryable;
  alarms: { add(change: AlarmChange): void };
  timezoneOf: (stationId: number) => string | undefined;
  log: { warn(o: object, m: string): void };
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export class PeakAlarmWatch {
  /** station → the end of the window whose alarm is open */
  private readonly open = new Map<number, number>();
  private adopted = false;

  constructor(private readonly s: PeakWatchDeps) {}

  async sweep(now: number, owns: (stationId: number) => boolean = () => true): Promise<void> {
    if (!this.adopted) await this.adopt();
    const rows = await this.s.db.query<{ id: number }>('SELECT id FROM stations WHERE peak_alarm_pct IS NOT NULL ORDER BY id');
    const watched = new Set<number>();
    for (const { id } of rows) {
      const timezone = this.s.timezoneOf(id);
      if (!timezone || !owns(id)) continue;
      watched.add(id);
      try {
        const state = peakWindowState(await readStationMonth(this.s.db, { id, timezone }, now), now);
        if (state) this.edge(id, state, now);
      } catch (e) {
        this.s.log.warn({ err: String(e), stationId: id }, 'peak alarm check failed');
      }
    }
    // a station whose margin was switched off: its open alarm clears now
    for (const [id] of this.open) if (!watched.has(id) && owns(id)) this.clear(id, now);
  }

  private edge(stationId: number, st: PeakWindowState, now: number): void {
    const openEnd = this.open.get(stationId);
    if (openEnd !== undefined && openEnd <= now) this.clear(stationId, Math.min(openEnd, now));
    if (!st.active || this.open.has(stationId)) return;
    this.open.set(stationId, st.windowEnd);
    this.s.alarms.add({
      active: true,
      stationId,
      deviceId: null,
      dedupKey: dedupKeyOf(stationId, null, PEAK_ALARM),
      code: PEAK_ALARM,
      content: `Import ${r1(st.averageKw)} kW in the demand window from ${st.windowLocal} reached ${st.marginPct} % of ${r1(st.referenceKw!)} kW`,
      params: {
        averageKw: r1(st.averageKw),
        referenceKw: r1(st.referenceKw!),
        thresholdKw: r1(st.thresholdKw!),
        marginPct: st.marginPct,
        windowLocal: st.windowLocal,
        windowEnd: new Date(st.windowEnd).toISOString(),
      },
      time: new Date(now),
    });
  }

  private clear(stationId: number, at: number): void {
    this.open.delete(stationId);
    this.s.alarms.add({
      active: false,
      stationId,
      deviceId: null,
      dedupKey: dedupKeyOf(stationId, null, PEAK_ALARM),
      code: PEAK_ALARM,
      content: '',
      params: {},
      time: new Date(at),
    });
  }

  private async adopt(): Promise<void> {
    const rows = await this.s.db.query<{ stationId: number; windowEnd: string | null }>(
      `SELECT station_id AS "stationId", params->>'windowEnd' AS "windowEnd" FROM alarms WHERE rule_code = $1 AND status = 1`,
      [PEAK_ALARM],
    );
    for (const r of rows) this.open.set(r.stationId, r.windowEnd ? Date.parse(r.windowEnd) : 0);
    this.adopted = true;
  }
}
