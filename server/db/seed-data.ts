// Static tables behind the demo fleet (server/db/seed.ts). Everything here is hand-written and
// real-world: org names are invented but plausible, station coordinates are those of real
// industrial parks, towns and islands, time zones are the IANA zones of those places; their
// tariffs are in seed-tariff-zones.ts. See docs/seed.md.

import { z } from 'zod';
import { ENERGY_TYPES, SITE_TYPES, type EnergyType, type Period, type SiteType } from '../../protocol/codes';
import { currencyCode } from '../../protocol/currency';
import orgRows from './seed-orgs.json';
import siteRows from './seed-sites.json';
import type { TariffZoneId } from './seed-tariff-zones';

export type { EnergyType, Period, SiteType };

const demoAccount = z.object({
  account: z.string().min(1),
  password: z.string().min(8),
  contact: z.string().min(1),
  mobile: z.string().regex(/^\+\d{8,15}$/),
  email: z.email(),
});
export type DemoAccountSpec = z.output<typeof demoAccount>;

const provider = z.object({
  name: z.string().min(1),
  address: z.string().min(1),
  logoUrl: z.string().nullable(),
  /** ISO 4217 code its money is kept in (orgs.currency) */
  currency: currencyCode,
  /** language the provider's own texts (role notes, templates) are written in */
  lang: z.enum(['zh', 'en']),
  admin: demoAccount,
  customers: z.array(z.object({ name: z.string().min(1), address: z.string().min(1) })).length(4),
});
export type ProviderSpec = z.output<typeof provider>;

/** The orgs and demo accounts of seed-orgs.json (data; the demo logins the README lists). */
const orgs = z
  .object({
    root: z.object({ name: z.string(), address: z.string(), logoUrl: z.string() }),
    providers: z.array(provider).length(3),
    /** admin: the platform's; operator: read-only on provider 0, three of its stations; disabled: status 0, read-only on provider 1 */
    accounts: z.object({ admin: demoAccount, operator: demoAccount, disabled: demoAccount }),
  })
  .parse(orgRows);

export const ROOT_ORG = orgs.root;
export const PROVIDERS: readonly ProviderSpec[] = orgs.providers;
export const { admin: ADMIN_ACCOUNT, operator: OPERATOR_ACCOUNT, disabled: DISABLED_ACCOUNT } = orgs.accounts;

/** Size class: 1 small (0.4 kV), 2 medium (10 kV), 3 large (35 kV). */
export type SizeClass = 1 | 2 | 3;

/** Where a station is, as the seed describes it and as its row stores it. */
export interface Place {
  /** single language: Chinese or English, as real fleets have both */
  name: string;
  /** in the station's language */
  address: string;
  /** province / state, always in English so the fleet groups cleanly */
  region: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  timezone: string;
  lat: number;
  lon: number;
}

export interface SiteSpec extends Place {
  provider: 0 | 1 | 2;
  /** index into PROVIDERS[provider].customers */
  customer: 0 | 1 | 2 | 3;
  /** 1 on-grid, 2 off-grid, 3 on/off-grid switching */
  system: 1 | 2 | 3;
  site: SiteType;
  energy: EnergyType[];
  size: SizeClass;
  zone: TariffZoneId;
  /** jitter radius (degrees) for repeated copies; small on islands so copies stay ashore */
  jitter?: number;
}

const CN = 'Asia/Shanghai';

/** Per region: [provider, country, time zone, tariff zone], shared by all its sites. */
const REGIONS = {
  Jiangsu: [0, 'CN', CN, 'cn-east'],
  Zhejiang: [0, 'CN', CN, 'cn-east'],
  Shandong: [0, 'CN', CN, 'cn-east'],
  Shanghai: [0, 'CN', CN, 'cn-east'],
  'Inner Mongolia': [0, 'CN', CN, 'cn-northwest'],
  Qinghai: [0, 'CN', CN, 'cn-northwest'],
  // Xinjiang runs on Xinjiang time (UTC+6) in daily life; IANA zone Asia/Urumqi.
  Xinjiang: [0, 'CN', 'Asia/Urumqi', 'cn-northwest'],
  Guangdong: [1, 'CN', CN, 'cn-south'],
  Hainan: [1, 'CN', CN, 'cn-south'],
  Yunnan: [1, 'CN', CN, 'cn-southwest'],
  Bavaria: [2, 'DE', 'Europe/Berlin', 'de'],
  Saxony: [2, 'DE', 'Europe/Berlin', 'de'],
  Hamburg: [2, 'DE', 'Europe/Berlin', 'de'],
  'Schleswig-Holstein': [2, 'DE', 'Europe/Berlin', 'de'],
  'Western Australia': [2, 'AU', 'Australia/Perth', 'au'],
  'South Australia': [2, 'AU', 'Australia/Adelaide', 'au'],
  Queensland: [2, 'AU', 'Australia/Brisbane', 'au'],
  'Nakuru County': [2, 'KE', 'Africa/Nairobi', 'ke'],
  'Kiambu County': [2, 'KE', 'Africa/Nairobi', 'ke'],
  'Homa Bay County': [2, 'KE', 'Africa/Nairobi', 'ke'],
  Antofagasta: [2, 'CL', 'America/Santiago', 'cl'],
  'Santiago Metropolitan': [2, 'CL', 'America/Santiago', 'cl'],
  Palawan: [2, 'PH', 'Asia/Manila', 'ph'],
  Romblon: [2, 'PH', 'Asia/Manila', 'ph'],
  Cebu: [2, 'PH', 'Asia/Manila', 'ph'],
  Rayong: [2, 'TH', 'Asia/Bangkok', 'th'],
  'Binh Duong': [2, 'VN', 'Asia/Ho_Chi_Minh', 'vn'],
} satisfies Record<string, [SiteSpec['provider'], string, string, TariffZoneId]>;

/** One site a row of seed-sites.json: energy is space-separated; jitter only where copies need it. */
const siteRow = z.tuple([
  z.enum(Object.keys(REGIONS) as [keyof typeof REGIONS]),
  z.literal([0, 1, 2, 3]),
  z.string().min(1),
  z.string().min(1),
  z.number().min(-90).max(90),
  z.number().min(-180).max(180),
  z.literal([1, 2, 3]),
  z.enum(SITE_TYPES),
  z
    .string()
    .transform((s) => s.split(' '))
    .pipe(z.array(z.enum(ENERGY_TYPES)).min(1)),
  z.literal([1, 2, 3]),
  z.number().positive().max(0.1).optional(),
]);

const siteOf = ([region, customer, name, address, lat, lon, system, site, energy, size, jitter]: z.output<typeof siteRow>): SiteSpec => {
  const [provider, country, timezone, zone] = REGIONS[region];
  const spec: SiteSpec = { name, address, region, country, timezone, lat, lon, provider, customer, system, site, energy, size, zone };
  return jitter === undefined ? spec : { ...spec, jitter };
};

/** 60 real places (seed-sites.json, a table of data). Station i of a fleet of N maps to one of them (docs/seed.md). */
export const SITES: readonly SiteSpec[] = z.array(siteRow).parse(siteRows).map(siteOf);
