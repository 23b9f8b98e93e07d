import { PV_STATES } from '../../protocol/codes';
import type { FleetDeviceType } from '../../protocol/fleet';

// A frame's device samples summed into the station series (STATION_POINTS order), with the SOC
// weighted by capacity and how long a curtailed inverter was held down (telemetry store).

const QUARTER = 900_000;
const PV_CURTAILED = PV_STATES.indexOf('curtailed');

export class StationFlows {
  /** power sums by kind; socW/cap: capacity-weighted SOC */
  private readonly sum = { pv: 0, load: 0, ess: 0, gen: 0, pile: 0, socW: 0, cap: 0 };
  private grid: number | null = null;
  private hasPcs = false;
  /** seconds the longest-curtailed inverter of the frame was held down */
  limitedS = 0;

  /** One device's taken sample; `sinceMs` since its previous one, when it had one. */
  add(type: FleetDeviceType, capKwh: number, v: readonly (number | null)[], s: number | null, sinceMs: number | undefined): void {
    const p0 = v[0] ?? 0;
    switch (type) {
      case 'pv_inverter':
        this.sum.pv += p0;
        // a curtailed inverter was held down since its previous sample (at most an interval)
        if (s === PV_CURTAILED && sinceMs !== undefined) this.limitedS = Math.max(this.limitedS, Math.min(QUARTER, sinceMs) / 1000);
        break;
      case 'load':
        this.sum.load += p0;
        break;
      case 'charging_pile':
        this.sum.pile += v[1] ?? 0;
        break;
      case 'pcs':
        this.sum.ess += p0;
        this.hasPcs = true;
        break;
      case 'generator':
        this.sum.gen += v[1] ?? 0;
        break;
      case 'meter':
        this.grid = p0;
        break;
      case 'battery_cluster':
        this.sum.socW += (v[0] ?? 0) * (capKwh || 1);
        this.sum.cap += capKwh || 1;
        break;
      default:
    }
  }

  /** capacity-weighted SOC of the station's clusters; null without any */
  get soc(): number | null {
    return this.sum.cap > 0 ? this.sum.socW / this.sum.cap : null;
  }

  /** STATION_POINTS order */
  flows(): (number | null)[] {
    return [this.sum.pv, this.sum.load + this.sum.pile, this.hasPcs ? this.sum.ess : 0, this.grid ?? 0, this.sum.gen, this.sum.pile, this.soc];
  }
}
