import { z } from 'zod';
import { actionsOn } from '../action';
import { POINT_QUALITIES } from '../codes';
import { id, isoDate, isoTime } from './common';
import { currencies, currencyCode } from '../currency';
import { zoneName } from '../zone';

// Telemetry-derived actions (built with the simulated fleet). Values carry their quality and
// time so the console can show data age and grey out stale figures.

export const pointValue = z.object({
  point: z.string(),
  value: z.union([z.number(), z.string(), z.null()]),
  unit: z.string(),
  quality: z.enum(POINT_QUALITIES),
  time: z.string(),
});

export const deviceLatest = z.object({
  deviceId: z.number().int(),
  type: z.string(),
  name: z.string(),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
  /** device state code per type (SPEC §4), e.g. generator 0-14 */
  state: z.number().int().nullable(),
  points: z.array(pointValue),
});

/** One M4-downsampled series: per bucket first, min, max, last kept (≤ 2 points per pixel). */
export const series = z.object({
  point: z.string(),
  unit: z.string(),
  /** 'raw' | '1m' | '15m' | '1d' */
  resolution: z.string(),
  stepwise: z.boolean(),
  t: z.array(z.number()),
  v: z.array(z.number().nullable()),
});

export const energyRow = z.object({
  period: z.string(),
  pvKwh: z.number(),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  loadKwh: z.number(),
  gridImportKwh: z.number(),
  gridExportKwh: z.number(),
  generatorKwh: z.number(),
  fuelLitres: z.number(),
  chargingPileKwh: z.number(),
  /** income = feed-in revenue + avoided from-grid cost by the ESS and PV - fuel cost, in the provider's currency */
  income: z.number(),
  fuelCost: z.number(),
  gridCost: z.number(),
  feedInRevenue: z.number(),
});

const stationPerm = ['overviewStations.overviewStations', 'dquipmentMonitoring.dquipmentMonitoring'] as const;

const live = actionsOn('energystorage', 'fleet');

export const telemetryActions = {
  queryStationLatest: live.read(stationPerm, {
    summary: 'Latest values of every device of a station (from memory).',
    request: z.object({ stationId: id, type: z.string().optional() }),
    response: z.object({ stationId: z.number().int(), time: z.string(), devices: z.array(deviceLatest) }),
  }),
  queryDeviceHistory: live.read(stationPerm, {
    summary: 'History of device points over a range, downsampled to the pixel width with min/max kept, from the finest resolution that fits.',
    request: z.object({
      deviceId: id,
      points: z.array(z.string().max(64)).min(1).max(8),
      from: isoTime,
      to: isoTime,
      width: z.number().int().min(10).max(8000),
    }),
    response: z.object({ deviceId: z.number().int(), timezone: zoneName, series: z.array(series) }),
  }),
  queryStationPowerCurve: live.read([...stationPerm, 'homepage.index'], {
    summary: "A station's (or, without stationId, the scope's) PV, load, ESS, grid and generator power and SOC over a range.",
    request: z.object({ stationId: id.optional(), orgId: id.optional(), from: isoTime, to: isoTime, width: z.number().int().min(10).max(8000) }),
    response: z.object({ timezone: zoneName, series: z.array(series) }),
  }),
  queryStationEnergy: live.read([...stationPerm, 'operations.siteReport'], {
    summary: 'Energy and income of a station per day or month in its local time.',
    request: z.object({ stationId: id, granularity: z.enum(['day', 'month']), from: isoDate, to: isoDate }),
    response: z.object({ stationId: z.number().int(), currency: currencyCode, rows: z.array(energyRow), total: energyRow }),
  }),
  queryStationOverview: live.read('overviewStations.overviewStations', {
    summary: 'Station overview: income today/month/total, energy, device online counts, availability, SOC and the live power flow.',
    request: z.object({ stationId: id }),
    response: z.object({
      stationId: z.number().int(),
      time: z.string(),
      /** the station's provider's currency (ISO 4217): the unit of every income figure */
      currency: currencyCode,
      income: z.object({ today: z.number(), month: z.number(), total: z.number(), savings: z.number(), fuelCost: z.number() }),
      energy: z.object({ today: energyRow, month: energyRow }),
      devices: z.object({ online: z.number().int(), offline: z.number().int() }),
      activeAlarms: z.number().int(),
      availabilityPct: z.number(),
      soc: z.number().nullable(),
      flow: z.object({ pvKw: z.number(), essKw: z.number(), gridKw: z.number(), generatorKw: z.number(), loadKw: z.number(), chargingKw: z.number() }),
    }),
  }),
  queryHomepageStatistics: live.read('homepage.index', {
    summary: 'Homepage charging, PV and proportion statistics (today, month, total) over the scope or one provider.',
    request: z.object({ orgId: id.optional() }),
    response: z.object({
      time: z.string(),
      charging: z.object({ todayKwh: z.number(), monthKwh: z.number(), totalKwh: z.number(), sessionsToday: z.number().int() }),
      pv: z.object({ todayKwh: z.number(), monthKwh: z.number(), totalKwh: z.number(), powerKw: z.number() }),
      ess: z.object({ chargeTodayKwh: z.number(), dischargeTodayKwh: z.number(), totalDischargeKwh: z.number(), avgSoc: z.number().nullable() }),
      proportion: z.object({ pvPct: z.number(), gridPct: z.number(), essPct: z.number(), generatorPct: z.number() }),
      stations: z.object({ total: z.number().int(), online: z.number().int(), byStatus: z.record(z.string(), z.number().int()) }),
      /** the stations' currency, or several codes joined by '/' (protocol/currency.ts) */
      currency: currencies,
      /** in `currency` (the names are historical); null when the stations' currencies differ */
      income: z.object({ todayUsd: z.number().nullable(), totalUsd: z.number().nullable() }),
    }),
  }),
  queryStationMatrix: live.read('homepage.index', {
    summary: 'Station matrix cards (SPEC §2 types 1-3) for the scope or one provider.',
    request: z.object({ orgId: id.optional() }),
    response: z.object({
      dataList: z.array(
        z.object({
          stationId: z.number().int(),
          serviceProviderId: z.number().int(),
          stationName: z.string(),
          picture: z.string().nullable(),
          stationStatus: z.number().int(),
          cardType: z.number().int(),
          lat: z.number(),
          lon: z.number(),
          /** the station's provider's currency (ISO 4217) of cumulativeIncome and lastIncome */
          currency: currencyCode,
          installedPower: z.number(),
          installedCapacity: z.number(),
          activePower: z.number(),
          soc: z.number().nullable(),
          cumulativeIncome: z.number(),
          feeName: z.string().nullable(),
          lastCharge: z.number(),
          lastDischarge: z.number(),
          lastIncome: z.number(),
        }),
      ),
    }),
  }),
} as const;
