// Content texts of the seeded alarm history (seed-history.ts): for every rule of the catalogue,
// the message and measured values a site would report, drawn from the history's random stream.

export class Rng {
  constructor(private readonly r: () => number) {}
  next = (): number => this.r();
  range = (a: number, b: number): number => a + (b - a) * this.r();
  int = (a: number, b: number): number => Math.floor(this.range(a, b + 1));
  chance = (p: number): boolean => this.r() < p;
  pick = <T>(xs: readonly T[]): T => xs[Math.floor(this.r() * xs.length)]!;
  fixed = (a: number, b: number, digits: number): string => this.range(a, b).toFixed(digits);
}

export interface Device {
  id: number;
  stationId: number;
  type: string;
  name: string;
  params: Record<string, unknown>;
  ratedPowerKw: number;
}

type Text = { content: string; params: Record<string, unknown> };
/** Content and measured values of one occurrence of a rule on a device. */
export const TEXTS: Record<string, (d: Device, r: Rng) => Text> = {
  cellOverTemp: (d, r) => {
    const t = r.fixed(55, 58.9, 1);
    return { content: `${d.name} cell over-temperature ${t} °C`, params: { cellTempC: Number(t), cellNo: r.int(1, cells(d)), thresholdC: 55 } };
  },
  cellOverTempTrip: (d, r) => {
    const t = r.fixed(60, 63.5, 1);
    const n = r.int(1, cells(d));
    return {
      content: `${d.name} over-temperature protection: cell #${n} at ${t} °C, contactor opened`,
      params: { cellTempC: Number(t), cellNo: n, thresholdC: 60 },
    };
  },
  cellOverVoltage: (d, r) => {
    const v = r.fixed(3.66, 3.72, 3);
    const n = r.int(1, cells(d));
    return { content: `${d.name} cell #${n} over-voltage ${v} V`, params: { cellVoltageV: Number(v), cellNo: n, thresholdV: 3.65 } };
  },
  cellUnderVoltageTrip: (d, r) => {
    const v = r.fixed(2.38, 2.49, 3);
    const n = r.int(1, cells(d));
    return { content: `${d.name} cell #${n} under-voltage ${v} V, discharge stopped`, params: { cellVoltageV: Number(v), cellNo: n, thresholdV: 2.5 } };
  },
  cellVoltageSpread: (d, r) => {
    const mv = r.int(150, 260);
    const max = r.range(3.32, 3.4);
    return {
      content: `${d.name} cell voltage spread ${mv} mV (max ${max.toFixed(3)} V, min ${(max - mv / 1000).toFixed(3)} V)`,
      params: { spreadMv: mv, maxV: Number(max.toFixed(3)), minV: Number((max - mv / 1000).toFixed(3)), thresholdMv: 150 },
    };
  },
  clusterInsulationLow: (d, r) => {
    const k = r.int(40, 95);
    return { content: `${d.name} insulation resistance low: ${k} kΩ (limit 100 kΩ)`, params: { insulationKohm: k, thresholdKohm: 100 } };
  },
  bmsCommLost: (d, r) => {
    const s = r.int(30, 120);
    return { content: `${d.name} BMS communication lost for ${s} s`, params: { silentSec: s } };
  },
  forceChargeRequest: (d, r) => {
    const soc = r.int(3, 8);
    return { content: `${d.name} SOC ${soc} %, force-charge requested`, params: { socPct: soc } };
  },
  pcsIgbtOverTemp: (d, r) => {
    const t = r.fixed(86, 94, 1);
    return { content: `${d.name} IGBT temperature ${t} °C (limit 85 °C), output derated`, params: { igbtTempC: Number(t), thresholdC: 85 } };
  },
  pcsDcOverVoltage: (d, r) => {
    const v = r.int(905, 935);
    return { content: `${d.name} DC bus over-voltage ${v} V`, params: { dcBusV: v, thresholdV: 900 } };
  },
  pcsAcOverCurrent: (d, r) => {
    const phase = r.pick(['L1', 'L2', 'L3']);
    const rated = Math.max(50, Math.round((d.ratedPowerKw * 1000) / (Math.sqrt(3) * 400)));
    const a = Math.round(rated * r.range(1.2, 1.45));
    return { content: `${d.name} AC over-current protection: phase ${phase} ${a} A (rated ${rated} A)`, params: { phase, currentA: a, ratedA: rated } };
  },
  pcsModeChange: (d, r) => {
    const [from, to] = r.pick([
      ['standby', 'running'],
      ['running', 'standby'],
      ['grid-tied', 'off-grid'],
      ['off-grid', 'grid-tied'],
    ] as const);
    return { content: `${d.name} switched from ${from} to ${to}`, params: { from, to } };
  },
  pvInsulationLow: (d, r) => {
    const k = r.int(18, 48);
    return { content: `${d.name} PV array insulation resistance low: ${k} kΩ`, params: { insulationKohm: k, thresholdKohm: 50 } };
  },
  pvStringCurrentLow: (d, r) => {
    const mppt = Number(d.params.mpptCount ?? 4);
    const s = r.int(1, Math.max(2, mppt * 2));
    const avg = r.fixed(7.2, 9.8, 1);
    const a = r.chance(0.6) ? '0.0' : r.fixed(1.1, 3.5, 1);
    return { content: `${d.name} string ${s} current ${a} A, string average ${avg} A`, params: { string: s, currentA: Number(a), averageA: Number(avg) } };
  },
  pvGridOverVoltage: (d, r) => {
    const v = r.fixed(253.5, 266, 1);
    return { content: `${d.name} grid over-voltage ${v} V, disconnected`, params: { gridV: Number(v), thresholdV: 253 } };
  },
  pvDerating: (d, r) => {
    const t = r.fixed(76, 84, 1);
    const p = r.int(60, 90);
    return { content: `${d.name} heatsink ${t} °C, output derated to ${p} %`, params: { heatsinkC: Number(t), limitPct: p } };
  },
  dgStartFailure: (d) => ({ content: `${d.name} failed to start after 3 cranking attempts`, params: { attempts: 3 } }),
  dgFuelLow: (d, r) => {
    const pct = r.int(8, 15);
    const tank = Number(d.params.tankLitres ?? 1000);
    return {
      content: `${d.name} fuel level low: ${pct} % (${Math.round((tank * pct) / 100)} L)`,
      params: { fuelPct: pct, fuelLitres: Math.round((tank * pct) / 100), thresholdPct: 15 },
    };
  },
  dgCoolantHighTrip: (d, r) => {
    const t = r.int(103, 108);
    return { content: `${d.name} coolant temperature ${t} °C, emergency shutdown`, params: { coolantC: t, thresholdC: 103 } };
  },
  dgStarted: (d, r) => {
    const reason = r.pick(['low SOC', 'grid outage', 'scheduled run', 'load above ESS capacity']);
    const kw = Math.round(d.ratedPowerKw * r.range(0.4, 0.85));
    return { content: `${d.name} started (${reason}), load ${kw} kW`, params: { reason, loadKw: kw } };
  },
  pileConnectorOverTemp: (d, r) => {
    const t = r.int(86, 95);
    return { content: `${d.name} connector over-temperature ${t} °C, session stopped`, params: { connectorC: t, thresholdC: 85 } };
  },
  pileEmergencyStop: (d) => ({ content: `${d.name} emergency stop pressed`, params: {} }),
  pileSessionAbort: (d, r) => {
    const kwh = r.fixed(2, 45, 1);
    return { content: `${d.name} charging session aborted by the vehicle after ${kwh} kWh`, params: { energyKwh: Number(kwh) } };
  },
  gatewayOffline: (_d, r) => {
    const s = r.pick([180, 300, 300, 600]);
    return { content: `Gateway offline: no heartbeat for ${s} s`, params: { silentSec: s } };
  },
  gatewayRestart: (d, r) => {
    const h = r.int(20, 700);
    return { content: `${d.name} restarted (watchdog), uptime was ${h} h`, params: { uptimeH: h } };
  },
  gridOutage: (_d, r) => {
    const v = r.int(0, 40);
    return { content: `Grid outage: voltage ${v} V at the point of connection`, params: { gridV: v } };
  },
  demandExceeded: (d, r) => {
    const lim = Math.max(100, Math.round((d.ratedPowerKw * 0.6) / 10) * 10);
    const kw = Math.round(lim * r.range(1.02, 1.12));
    return { content: `Demand ${kw} kW exceeds the contracted limit ${lim} kW`, params: { demandKw: kw, limitKw: lim } };
  },
  reversePowerTrip: (_d, r) => {
    const kw = r.int(8, 60);
    return { content: `Reverse power ${kw} kW to the grid, anti-backflow protection tripped`, params: { reverseKw: kw } };
  },
  meterCommLost: (d) => ({ content: `${d.name} communication lost (Modbus timeout)`, params: { protocol: 'modbus-rtu' } }),
  transformerOverload: (_d, r) => {
    const pct = r.int(102, 118);
    const min = r.int(5, 25);
    return { content: `Transformer load ${pct} % of rating for ${min} min`, params: { loadPct: pct, minutes: min } };
  },
  weatherCommLost: (d) => ({ content: `${d.name} communication lost`, params: {} }),
};

const cells = (d: Device): number => Number(d.params.cellsInSeries ?? 240);
