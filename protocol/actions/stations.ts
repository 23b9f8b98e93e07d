import { z } from 'zod';
import { actionsOn } from '../action';
import { DEVICE_TYPES, ENERGY_TYPES, SITE_TYPES } from '../codes';
import { currencyCode } from '../currency';
import { id, isoDate, length, ok, page, pageOf, recordById } from './common';
import { zoneName } from '../zone';

export { type DeviceType } from '../codes';

const capacities = {
  pvCapacityKw: z.number(),
  essPowerKw: z.number(),
  essCapacityKwh: z.number(),
  dgCapacityKw: z.number(),
  chargingPowerKw: z.number(),
};

export const stationSummary = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  serviceProviderId: z.number().int(),
  serviceProviderName: z.string(),
  /** ISO 4217 code of the station's money: its provider's (tariffs, fuel prices, income, bills) */
  currency: currencyCode,
  customerId: z.number().int(),
  customerName: z.string(),
  address: z.string(),
  region: z.string(),
  country: z.string(),
  timezone: zoneName,
  lat: z.number(),
  lon: z.number(),
  systemType: z.number().int(),
  energyTypes: z.array(z.enum(ENERGY_TYPES)),
  siteType: z.enum(SITE_TYPES),
  voltageLevel: z.string(),
  operationDate: z.string(),
  ...capacities,
  /** contracted (or transformer) capacity in kVA, the base of a tariff's capacity charge; null: not entered */
  capacityKva: z.number().nullable(),
  cardType: z.number().int(),
  picture: z.string().nullable(),
  stationStatus: z.number().int().min(0).max(4),
  online: z.boolean(),
  openAlarms: z.number().int(),
  /** a maintenance window of the station (whole or some devices) is active now; always sent */
  inMaintenance: z.boolean().optional(),
});
export type StationSummary = z.infer<typeof stationSummary>;

export const deviceInfo = z.object({
  deviceId: z.number().int(),
  stationId: z.number().int(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  model: z.string(),
  serialNo: z.string(),
  ratedPowerKw: z.number(),
  ratedCapacityKwh: z.number(),
  params: z.record(z.string(), z.unknown()),
});

export const providerSummary = z.object({
  orgId: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** ISO 4217 code of the provider's money (tariffs, income, bills, reports) */
  currency: currencyCode,
  siteQuantity: z.number().int(),
  customerQuantity: z.number().int(),
  ...capacities,
  onlineSites: z.number().int(),
  alarmSites: z.number().int(),
  openAlarms: z.number().int(),
});

const sortable = z.enum(['stationName', 'operationDate', 'pvCapacityKw', 'essCapacityKwh', 'region', 'stationStatus']);

const devicePerm = ['dquipmentMonitoring.dquipmentMonitoring', 'overviewStations.overviewStations'] as const;

const asset = actionsOn('asset');
const station = actionsOn('energystorage');

export const stationActions = {
  queryStationInfoList: station.read(['monitorStation.list', 'homepage.index', 'monitor.customers', 'monitorStation.detail'], {
    summary: 'Stations in scope, filtered, sorted and paged. orgId narrows to one provider.',
    request: z.object({
      orgId: id.optional(),
      customerId: id.optional(),
      keyword: z.string().trim().max(100).optional(),
      systemType: z.number().int().min(1).max(3).optional(),
      energyType: z.enum(ENERGY_TYPES).optional(),
      online: z.boolean().optional(),
      stationStatus: z.number().int().min(0).max(4).optional(),
      sortBy: sortable.default('stationName'),
      sortDir: z.enum(['asc', 'desc']).default('asc'),
      page,
      length: z.number().int().min(1).max(100_000).default(20),
    }),
    response: pageOf(stationSummary),
  }),
  queryStationInfoById: station.read('@session', {
    summary: 'One station (SPEC §7: read for stationName), with its device counts by type and the tariff in force.',
    request: z.object({ stationId: id }),
    response: stationSummary.extend({
      deviceCounts: z.record(z.string(), z.number().int()),
      tariffName: z.string().nullable(),
      peakShavingEnabled: z.boolean(),
      islandEnabled: z.boolean(),
    }),
  }),
  queryDeviceList: station.read(devicePerm, {
    summary: 'Devices of one station, optionally of one type.',
    request: z.object({ stationId: id, type: z.enum(DEVICE_TYPES).optional() }),
    response: z.object({ dataList: z.array(deviceInfo) }),
  }),
  queryDeviceInfoById: station.read(devicePerm, recordById('One device with its static parameters.', 'deviceId', deviceInfo)),
  queryServiceProviderInfoById: asset.read(
    ['monitorStation.detail', 'monitor.customers'],
    recordById('One service provider with site quantity and summed capacities (SPEC §3 labels).', 'orgId', providerSummary),
  ),
  queryServiceProviderList: asset.read('monitor.customers', {
    summary: 'Service providers in scope with their figures, searchable and sortable (monitoring hall).',
    request: z.object({
      keyword: z.string().trim().max(100).optional(),
      sortBy: z.enum(['name', 'siteQuantity', 'pvCapacityKw', 'essCapacityKwh', 'openAlarms']).default('name'),
      sortDir: z.enum(['asc', 'desc']).default('asc'),
      page,
      length,
    }),
    response: pageOf(providerSummary),
  }),
  queryCustomerList: asset.read(['monitorStation.detail', 'monitorStation.list', 'system.account'], {
    summary: 'Customers (orgType 3) of a provider in scope.',
    request: z.object({ orgId: id.optional() }),
    response: z.object({
      dataList: z.array(z.object({ id: z.number().int(), name: z.string(), serviceProviderId: z.number().int(), siteQuantity: z.number().int() })),
    }),
  }),
  updateProviderCurrency: asset.write('system.account.edit', {
    summary: "Set a service provider's currency (ISO 4217). Platform administrators only (orgType 1); relabels the provider's money, never converts it.",
    request: z.object({ orgId: id, currency: currencyCode }),
    response: ok,
  }),
  updateStation: station.write('station.edit', {
    summary: "Edit a station's descriptive fields (name, address, voltage level, card type, picture, operation date) and its contracted capacity (kVA).",
    request: z.object({
      stationId: id,
      stationName: z.string().trim().min(1).max(100).optional(),
      address: z.string().trim().min(1).max(300).optional(),
      voltageLevel: z.string().trim().min(1).max(20).optional(),
      operationDate: isoDate.optional(),
      cardType: z.number().int().min(1).max(3).optional(),
      picture: z.string().max(500).nullable().optional(),
      /** contracted capacity (kVA, up to two decimals); 0 clears it (a form field carries no null) */
      capacityKva: z
        .number({ error: 'capacityFormat' })
        .refine((v) => v >= 0 && v <= 10_000_000 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'capacityFormat')
        .optional(),
    }),
    response: z.null(),
  }),
} as const;
