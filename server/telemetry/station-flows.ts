import { PV_STATES } from '../../protocol/codes';
import type { FleetDeviceType } from '../../protocol/fleet';

// A frame's device samples summed into the station series (STATION_POINTS order), with the SOC
// weighted by capacity and how long a curtailed inverter was held down (telemetry store).

const QUARTER = 900_000;
const PV_CURTAILED = PV_STATES.indexOf('curtailed');

export class StationFlows {
  private pv = 0;
  private load = 0;
  private ess = 0;
  private gen = 0;
  private pile = 0;
  private socW = 0;
  private cap = 0;
  private grid: number | null = null;
  private hasPcs = false;
  /** seconds the longest-curtailed inverter of the frame was held down */
  limitedS = 0;

  /** One device's taken sample; `sinceMs` since its previous one, when it had one. */
  add(type: FleetDeviceType, capKwh: number, v: readonly (number | null)[], s: number | null, sinceMs: number | undefined): void {
    const p0 = v[0] ?? 0;
    switch (type) {
      case 'pv_inverter':
        this.pv += p0;
        // a curtailed inverter was held down since its previous sample (at most an interval)
        if (s === PV_CURTAILED && sinceMs !== undefined) this.limitedS = Math.max(this.limitedS, Math.min(QUARTER, sinceMs) / 1000);
        break;
      case 'load':
        this.load += p0;
        break;
      case 'charging_pile':
        this.pile += v[1] ?? 0;
        break;
      case 'pcs':
        this.ess += p0;
        this.hasPcs = true;
        break;
      case 'generator':
        this.gen += v[1] ?? 0;
        break;
      case 'meter':
        this.grid = p0;
        break;
      case 'battery_cluster':
        this.socW += (v[0] ?? 0) * (capKwh || 1);
        this.cap += capKwh || 1;
        break;
      default:
    }
  }

  /** capacity-weighted SOC of the station's clusters; null without any */
  get soc(): number | null {
    return this.cap > 0 ? this.socW / this.cap : null;
  }

  /** STATION_POINTS order */
  flows(): (number | null)[] {
    return [this.pv, this.load + this.pile, this.hasPcs ? this.ess : 0, this.grid ?? 0, this.gen, this.pile, this.soc];
  }
}
