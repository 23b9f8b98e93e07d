import type { DeviceType } from '../../protocol/codes';
import type { TariffSeason } from '../fleet/tariff';
import type { EnergyType, Place, SiteType } from './seed-data';

// seasons are stored as the fleet reads them
export type { DeviceType, TariffSeason };

// The seed plan's rows (server/db/seed.ts), column names as in the schema.

export interface OrgRow {
  id: number;
  parent_id: number | null;
  org_type: 1 | 2 | 3;
  name: string;
  address: string | null;
  logo_url: string | null;
  currency: string;
}
export interface RoleRow {
  id: number;
  org_id: number;
  name: string;
  permissions: string[];
  notes: string;
  builtin: boolean;
}
export interface AccountPlan {
  id: number;
  org_id: number;
  role_id: number;
  account: string;
  contact: string;
  mobile: string;
  email: string;
  status: 0 | 1;
  data_scope: 'org' | 'stations';
  scope_station_ids: number[];
  notes: string;
  /** plain text; only its argon2id(md5) is stored */
  password: string;
}
export interface StationRow extends Place {
  id: number;
  provider_id: number;
  customer_id: number;
  system_type: 1 | 2 | 3;
  energy_types: EnergyType[];
  site_type: SiteType;
  voltage_level: string;
  operation_date: string;
  pv_capacity_kw: number;
  ess_power_kw: number;
  ess_capacity_kwh: number;
  dg_capacity_kw: number;
  charging_power_kw: number;
  card_type: 1 | 2 | 3;
  picture_url: string | null;
}
export interface DeviceRow {
  id: number;
  station_id: number;
  type: DeviceType;
  name: string;
  model: string;
  serial_no: string;
  rated_power_kw: number;
  rated_capacity_kwh: number;
  params: Record<string, unknown>;
}
export interface TariffRow {
  id: number;
  station_id: number;
  name: string;
  currency: string;
  effective_date: string;
  seasons: TariffSeason[];
  created_by: number;
}
export interface TemplateRow {
  id: number;
  provider_id: number;
  name: string;
  seasons: TariffSeason[];
}
export interface OilPriceRow {
  id: number;
  station_id: number;
  start_time: string;
  end_time: string;
  price_per_litre: number;
  kwh_per_litre: number;
}
export interface StrategyRow {
  id: number;
  station_id: number;
  kind: 'peakShaving' | 'island';
  name: string;
  start_date: string;
  end_date: string;
  params: Record<string, unknown>;
  issue_status: 0 | 1 | 2;
  created_by: number;
}
export interface DistributionRow {
  id: number;
  strategy_id: number;
  station_id: number;
  snapshot: Record<string, unknown>;
  status: 1 | 2;
  reason: string | null;
  operator_id: number;
  issued_at: string;
  acked_at: string | null;
}
export interface ModeRow {
  station_id: number;
  peak_shaving_enabled: boolean;
  island_enabled: boolean;
}

export interface SeedPlan {
  orgs: OrgRow[];
  roles: RoleRow[];
  accounts: AccountPlan[];
  stations: StationRow[];
  devices: DeviceRow[];
  tariffs: TariffRow[];
  tariffTemplates: TemplateRow[];
  oilPrices: OilPriceRow[];
  strategies: StrategyRow[];
  distributions: DistributionRow[];
  stationModes: ModeRow[];
}
