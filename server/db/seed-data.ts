// Static tables behind the demo fleet (server/db/seed.ts). Everything here is hand-written and
// real-world: org names are invented but plausible, station coordinates are those of real
// industrial parks, towns and islands, time zones are the IANA zones of those places, tariffs
// follow the shape of the local time-of-use schedules (prices converted to USD, rounded).
// See docs/seed.md.

import type { EnergyType, Period, SiteType } from '../../protocol/codes';

export type { EnergyType, Period, SiteType };

export const ROOT_ORG = { name: 'EMS Cloud Platform', address: 'Suzhou Industrial Park, Suzhou, Jiangsu, China', logoUrl: '/img/logo.svg' };

export interface DemoAccountSpec {
  account: string;
  password: string;
  contact: string;
  mobile: string;
  email: string;
}

export interface ProviderSpec {
  name: string;
  address: string;
  logoUrl: string | null;
  /** ISO 4217 code its money is kept in (orgs.currency) */
  currency: string;
  /** language the provider's own texts (role notes, templates) are written in */
  lang: 'zh' | 'en';
  admin: DemoAccountSpec;
  customers: { name: string; address: string }[];
}

export const PROVIDERS: readonly ProviderSpec[] = [
  {
    name: '江苏日升储能科技有限公司',
    address: '江苏省苏州市苏州工业园区星湖街328号创意产业园12栋',
    logoUrl: '/img/logo-1.svg',
    currency: 'CNY',
    lang: 'zh',
    admin: { account: 'sunrise', password: 'Sunrise@2026', contact: '王建国', mobile: '+8613900000001', email: 'admin@sunrise-energy.example' },
    customers: [
      { name: '苏州恒锐精密制造有限公司', address: '江苏省苏州市苏州工业园区方洲路128号' },
      { name: '浙江绿洲纺织集团有限公司', address: '浙江省嘉兴市海宁市海昌南路588号' },
      { name: '山东鲁北新材料股份有限公司', address: '山东省青岛市黄岛区长江中路216号' },
      { name: '西部新能源投资有限公司', address: '青海省西宁市城北区生物园区经二路16号' },
    ],
  },
  {
    name: 'Pearl River Smart Energy (Shenzhen) Co., Ltd.',
    address: 'Building 5, Shenzhen Bay Eco-Technology Park, Nanshan District, Shenzhen, Guangdong, China',
    logoUrl: '/img/logo-2.svg',
    currency: 'CNY',
    lang: 'en',
    admin: { account: 'pearlriver', password: 'Pearl@2026', contact: 'Chen Jiahui', mobile: '+8613700000002', email: 'admin@pearlriver-energy.example' },
    customers: [
      { name: 'Dongguan Huamei Electronics Co., Ltd.', address: 'No. 6 Industrial West Road, Songshan Lake, Dongguan, Guangdong, China' },
      { name: 'Foshan Lingnan Ceramics Co., Ltd.', address: 'Nanzhuang Town, Chancheng District, Foshan, Guangdong, China' },
      { name: '海南蓝湾文旅集团有限公司', address: '海南省三亚市吉阳区迎宾路399号' },
      { name: 'Yunnan Highland Tea Co., Ltd.', address: 'No. 18 Chuncheng Road, Guandu District, Kunming, Yunnan, China' },
    ],
  },
  {
    name: 'Equator Microgrid Solutions Pte. Ltd.',
    address: '1 Fusionopolis Way, #20-02 Connexis, Singapore 138632',
    logoUrl: null,
    currency: 'USD',
    lang: 'en',
    admin: { account: 'equator', password: 'Equator@2026', contact: 'Amara Okafor', mobile: '+6580000003', email: 'admin@equator-microgrid.example' },
    customers: [
      { name: 'Nordlicht Logistik GmbH', address: 'Am Sandtorkai 50, 20457 Hamburg, Germany' },
      { name: 'Southern Cross Mining Services Pty Ltd', address: '240 St Georges Terrace, Perth WA 6000, Australia' },
      { name: 'Equator Rural Power Cooperative', address: 'Upper Hill Road, Nairobi, Kenya' },
      { name: 'Asia Pacific Industrial Estates Pte. Ltd.', address: '8 Marina Boulevard, Singapore 018981' },
    ],
  },
];

export const ADMIN_ACCOUNT: DemoAccountSpec = {
  account: 'admin',
  password: 'Admin@2026',
  contact: 'Platform Administrator',
  mobile: '+8613800000000',
  email: 'admin@ems.example',
};
/** Read-only operator on provider 0, limited to three of its stations. */
export const OPERATOR_ACCOUNT: DemoAccountSpec = {
  account: 'operator',
  password: 'Operator@2026',
  contact: '李晓明',
  mobile: '+8613900000011',
  email: 'operator@sunrise-energy.example',
};
/** Disabled (status 0) read-only account on provider 1. */
export const DISABLED_ACCOUNT: DemoAccountSpec = {
  account: 'disabled',
  password: 'Disabled@2026',
  contact: 'Former contractor',
  mobile: '+8613700000012',
  email: 'disabled@pearlriver-energy.example',
};

export type TariffZoneId = 'cn-east' | 'cn-south' | 'cn-southwest' | 'cn-northwest' | 'de' | 'au' | 'ke' | 'cl' | 'ph' | 'th' | 'vn';

export interface TariffZone {
  /** tariff names in the station's language */
  zh: string;
  en: string;
  /** from-grid price per period, USD/kWh */
  prices: Partial<Record<Period, number>>;
  /** feed-in price, USD/kWh (same in every period) */
  feedIn: number;
  /** months of all seasons cover 1..12 exactly once; slots cover 00:00-24:00 contiguously */
  seasons: { months: number[]; factor: number; slots: [string, string, Period][] }[];
}

/** Time-of-use schedules modelled on the local ones (CNY, EUR, AUD, KES, CLP, PHP, THB, VND → USD). */
export const TARIFF_ZONES: Record<TariffZoneId, TariffZone> = {
  // Jiangsu/Zhejiang/Shanghai/Shandong: two peaks, a critical-peak ("sharp") hour in Jan, Jul, Aug, Dec.
  'cn-east': {
    zh: '工商业分时电价',
    en: 'Commercial & industrial TOU',
    prices: { valley: 0.042, flat: 0.091, peak: 0.147, sharp: 0.1764 },
    feedIn: 0.0547,
    seasons: [
      {
        months: [1, 7, 8, 12],
        factor: 1,
        slots: [
          ['00:00', '08:00', 'valley'], ['08:00', '10:00', 'peak'], ['10:00', '11:00', 'sharp'], ['11:00', '17:00', 'flat'],
          ['17:00', '19:00', 'peak'], ['19:00', '21:00', 'sharp'], ['21:00', '22:00', 'peak'], ['22:00', '24:00', 'flat'],
        ],
      },
      {
        months: [2, 3, 4, 5, 6, 9, 10, 11],
        factor: 1,
        slots: [['00:00', '08:00', 'valley'], ['08:00', '11:00', 'peak'], ['11:00', '17:00', 'flat'], ['17:00', '22:00', 'peak'], ['22:00', '24:00', 'flat']],
      },
    ],
  },
  // Guangdong/Hainan: afternoon peak, sharp hours in Jul–Sep.
  'cn-south': {
    zh: '工商业分时电价',
    en: 'Commercial & industrial TOU',
    prices: { valley: 0.03, flat: 0.089, peak: 0.152, sharp: 0.19 },
    feedIn: 0.0635,
    seasons: [
      {
        months: [7, 8, 9],
        factor: 1,
        slots: [
          ['00:00', '08:00', 'valley'], ['08:00', '10:00', 'flat'], ['10:00', '11:00', 'peak'], ['11:00', '12:00', 'sharp'], ['12:00', '14:00', 'flat'],
          ['14:00', '15:00', 'peak'], ['15:00', '17:00', 'sharp'], ['17:00', '19:00', 'peak'], ['19:00', '24:00', 'flat'],
        ],
      },
      {
        months: [1, 2, 3, 4, 5, 6, 10, 11, 12],
        factor: 1,
        slots: [['00:00', '08:00', 'valley'], ['08:00', '10:00', 'flat'], ['10:00', '12:00', 'peak'], ['12:00', '14:00', 'flat'], ['14:00', '19:00', 'peak'], ['19:00', '24:00', 'flat']],
      },
    ],
  },
  // Yunnan: hydro-dominated, dearer in the dry season.
  'cn-southwest': {
    zh: '工商业分时电价',
    en: 'Commercial & industrial TOU',
    prices: { valley: 0.026, flat: 0.056, peak: 0.084 },
    feedIn: 0.047,
    seasons: [
      { months: [1, 2, 3, 4, 5, 12], factor: 1.1, slots: [['00:00', '07:00', 'valley'], ['07:00', '09:00', 'flat'], ['09:00', '12:00', 'peak'], ['12:00', '18:00', 'flat'], ['18:00', '23:00', 'peak'], ['23:00', '24:00', 'valley']] },
      { months: [6, 7, 8, 9, 10, 11], factor: 0.9, slots: [['00:00', '07:00', 'valley'], ['07:00', '09:00', 'flat'], ['09:00', '12:00', 'peak'], ['12:00', '18:00', 'flat'], ['18:00', '23:00', 'peak'], ['23:00', '24:00', 'valley']] },
    ],
  },
  // Inner Mongolia/Qinghai/Xinjiang: solar surplus makes midday the valley.
  'cn-northwest': {
    zh: '午间低谷分时电价',
    en: 'Midday-valley TOU',
    prices: { valley: 0.025, flat: 0.048, peak: 0.085 },
    feedIn: 0.036,
    seasons: [
      { months: [1, 2, 3, 11, 12], factor: 1.05, slots: [['00:00', '07:00', 'flat'], ['07:00', '09:00', 'peak'], ['09:00', '17:00', 'valley'], ['17:00', '23:00', 'peak'], ['23:00', '24:00', 'flat']] },
      { months: [4, 5, 6, 7, 8, 9, 10], factor: 1, slots: [['00:00', '07:00', 'flat'], ['07:00', '09:00', 'peak'], ['09:00', '17:00', 'valley'], ['17:00', '23:00', 'peak'], ['23:00', '24:00', 'flat']] },
    ],
  },
  de: {
    zh: '德国工业分时电价',
    en: 'Industrial time-variable tariff',
    prices: { valley: 0.185, flat: 0.24, peak: 0.31 },
    feedIn: 0.079,
    seasons: [
      { months: [1, 2, 3, 10, 11, 12], factor: 1.05, slots: [['00:00', '06:00', 'valley'], ['06:00', '17:00', 'flat'], ['17:00', '21:00', 'peak'], ['21:00', '24:00', 'flat']] },
      { months: [4, 5, 6, 7, 8, 9], factor: 1, slots: [['00:00', '06:00', 'valley'], ['06:00', '17:00', 'flat'], ['17:00', '21:00', 'peak'], ['21:00', '24:00', 'flat']] },
    ],
  },
  au: {
    zh: '澳洲峰平谷电价',
    en: 'Peak / shoulder / off-peak',
    prices: { valley: 0.13, flat: 0.182, peak: 0.325 },
    feedIn: 0.033,
    seasons: [
      { months: [1, 2, 3, 6, 7, 8, 11, 12], factor: 1, slots: [['00:00', '07:00', 'valley'], ['07:00', '15:00', 'flat'], ['15:00', '21:00', 'peak'], ['21:00', '22:00', 'flat'], ['22:00', '24:00', 'valley']] },
      { months: [4, 5, 9, 10], factor: 0.9, slots: [['00:00', '07:00', 'valley'], ['07:00', '15:00', 'flat'], ['15:00', '21:00', 'peak'], ['21:00', '22:00', 'flat'], ['22:00', '24:00', 'valley']] },
    ],
  },
  ke: {
    zh: '肯尼亚商业分时电价',
    en: 'Commercial TOU (CI1)',
    prices: { valley: 0.062, flat: 0.124, peak: 0.16 },
    feedIn: 0.05,
    seasons: [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], factor: 1, slots: [['00:00', '06:00', 'valley'], ['06:00', '18:00', 'flat'], ['18:00', '22:00', 'peak'], ['22:00', '24:00', 'valley']] }],
  },
  cl: {
    zh: '智利AT4.3电价',
    en: 'AT4.3 with winter peak hours',
    prices: { valley: 0.098, flat: 0.135, peak: 0.21 },
    feedIn: 0.07,
    seasons: [
      { months: [4, 5, 6, 7, 8, 9], factor: 1, slots: [['00:00', '08:00', 'valley'], ['08:00', '18:00', 'flat'], ['18:00', '22:00', 'peak'], ['22:00', '24:00', 'valley']] },
      { months: [1, 2, 3, 10, 11, 12], factor: 1, slots: [['00:00', '08:00', 'valley'], ['08:00', '24:00', 'flat']] },
    ],
  },
  ph: {
    zh: '菲律宾分时电价',
    en: 'Island TOU',
    prices: { valley: 0.14, flat: 0.195, peak: 0.24 },
    feedIn: 0.09,
    seasons: [
      { months: [3, 4, 5], factor: 1.08, slots: [['00:00', '08:00', 'valley'], ['08:00', '13:00', 'flat'], ['13:00', '22:00', 'peak'], ['22:00', '24:00', 'flat']] },
      { months: [1, 2, 6, 7, 8, 9, 10, 11, 12], factor: 1, slots: [['00:00', '08:00', 'valley'], ['08:00', '13:00', 'flat'], ['13:00', '22:00', 'peak'], ['22:00', '24:00', 'flat']] },
    ],
  },
  th: {
    zh: '泰国分时电价',
    en: 'Time-of-day (TOD) rate',
    prices: { valley: 0.072, flat: 0.096, peak: 0.118 },
    feedIn: 0.062,
    seasons: [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], factor: 1, slots: [['00:00', '08:00', 'valley'], ['08:00', '18:30', 'flat'], ['18:30', '21:30', 'peak'], ['21:30', '24:00', 'valley']] }],
  },
  vn: {
    zh: '越南分时电价',
    en: 'EVN manufacturing TOU',
    prices: { valley: 0.0455, flat: 0.072, peak: 0.1335 },
    feedIn: 0.04,
    seasons: [
      {
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        factor: 1,
        slots: [
          ['00:00', '04:00', 'valley'], ['04:00', '09:30', 'flat'], ['09:30', '11:30', 'peak'], ['11:30', '17:00', 'flat'],
          ['17:00', '20:00', 'peak'], ['20:00', '22:00', 'flat'], ['22:00', '24:00', 'valley'],
        ],
      },
    ],
  },
};

/** Two tariff templates per provider: [zone, name]. */
export const TEMPLATE_SPECS: readonly (readonly [TariffZoneId, string])[][] = [
  [['cn-east', '江浙沪鲁四段式分时电价模板'], ['cn-northwest', '西北午间低谷分时电价模板']],
  [['cn-south', 'Guangdong 4-period TOU template'], ['cn-southwest', 'Yunnan 3-period TOU template']],
  [['de', 'Germany industrial TOU template'], ['au', 'Australia peak/shoulder/off-peak template']],
];

/** Size class: 1 small (0.4 kV), 2 medium (10 kV), 3 large (35 kV). */
export type SizeClass = 1 | 2 | 3;

export interface SiteSpec {
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
const ISLAND = 0.002;

/** 60 real places. Station i of a fleet of N maps to one of them (docs/seed.md). */
export const SITES: readonly SiteSpec[] = [
  // ── Provider 0: Jiangsu, Zhejiang, Shanghai, Shandong, Inner Mongolia, Qinghai, Xinjiang ──
  { name: '苏州工业园储能站', address: '江苏省苏州市苏州工业园区星湖街328号', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.3175, lon: 120.7156, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-east' },
  { name: '昆山开发区光储一体化电站', address: '江苏省昆山市经济技术开发区前进东路', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.368, lon: 120.991, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-east' },
  { name: '无锡新吴区光储充示范站', address: '江苏省无锡市新吴区长江路', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.5505, lon: 120.365, provider: 0, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-east' },
  { name: '常州武进高新区储能站', address: '江苏省常州市武进区常武南路', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.685, lon: 119.956, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['ess', 'load'], size: 2, zone: 'cn-east' },
  { name: '南京江宁开发区光伏储能站', address: '江苏省南京市江宁区将军大道', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.906, lon: 118.817, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-east' },
  { name: '南通经开区储能电站', address: '江苏省南通市经济技术开发区通盛大道', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 31.937, lon: 120.963, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['ess', 'load'], size: 3, zone: 'cn-east' },
  { name: '盐城大丰光储电站', address: '江苏省盐城市大丰区经济开发区', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 33.199, lon: 120.466, provider: 0, customer: 2, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-east' },
  { name: '连云港经开区光储站', address: '江苏省连云港市经济技术开发区', region: 'Jiangsu', country: 'CN', timezone: CN, lat: 34.605, lon: 119.225, provider: 0, customer: 2, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-east' },
  { name: '宁波杭州湾新区光储站', address: '浙江省宁波市杭州湾新区滨海二路', region: 'Zhejiang', country: 'CN', timezone: CN, lat: 30.305, lon: 121.23, provider: 0, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 3, zone: 'cn-east' },
  { name: '杭州钱塘新区储能站', address: '浙江省杭州市钱塘区下沙街道', region: 'Zhejiang', country: 'CN', timezone: CN, lat: 30.305, lon: 120.345, provider: 0, customer: 1, system: 1, site: 'factory', energy: ['ess', 'load'], size: 2, zone: 'cn-east' },
  { name: '海宁经编园光储电站', address: '浙江省嘉兴市海宁市马桥街道', region: 'Zhejiang', country: 'CN', timezone: CN, lat: 30.53, lon: 120.66, provider: 0, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-east' },
  { name: '温州龙湾光储充电站', address: '浙江省温州市龙湾区永中街道', region: 'Zhejiang', country: 'CN', timezone: CN, lat: 27.933, lon: 120.81, provider: 0, customer: 1, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-east' },
  { name: '舟山东极岛海岛微电网', address: '浙江省舟山市普陀区东极镇庙子湖岛', region: 'Zhejiang', country: 'CN', timezone: CN, lat: 30.186, lon: 122.681, provider: 0, customer: 1, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-east', jitter: ISLAND },
  { name: '青岛西海岸新区储能站', address: '山东省青岛市黄岛区长江中路', region: 'Shandong', country: 'CN', timezone: CN, lat: 35.964, lon: 120.18, provider: 0, customer: 2, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-east' },
  { name: '烟台开发区光储充电站', address: '山东省烟台市经济技术开发区长江路', region: 'Shandong', country: 'CN', timezone: CN, lat: 37.562, lon: 121.248, provider: 0, customer: 2, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-east' },
  { name: '寿光蔬菜大棚光伏储能站', address: '山东省潍坊市寿光市洛城街道', region: 'Shandong', country: 'CN', timezone: CN, lat: 36.855, lon: 118.79, provider: 0, customer: 2, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load'], size: 1, zone: 'cn-east' },
  { name: '东营油田光储柴微电网', address: '山东省东营市东营区西城南一路', region: 'Shandong', country: 'CN', timezone: CN, lat: 37.45, lon: 118.5, provider: 0, customer: 2, system: 3, site: 'factory', energy: ['pv', 'ess', 'dg', 'load'], size: 2, zone: 'cn-east' },
  { name: '上海临港新片区储能站', address: '上海市浦东新区临港新片区环湖西二路', region: 'Shanghai', country: 'CN', timezone: CN, lat: 30.9, lon: 121.93, provider: 0, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 3, zone: 'cn-east' },
  { name: '鄂尔多斯达拉特光储电站', address: '内蒙古自治区鄂尔多斯市达拉特旗树林召镇', region: 'Inner Mongolia', country: 'CN', timezone: CN, lat: 40.405, lon: 110.04, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess'], size: 3, zone: 'cn-northwest' },
  { name: '包头稀土高新区储能站', address: '内蒙古自治区包头市稀土高新区黄河大街', region: 'Inner Mongolia', country: 'CN', timezone: CN, lat: 40.628, lon: 109.86, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-northwest' },
  { name: '阿巴嘎旗牧区离网微电网', address: '内蒙古自治区锡林郭勒盟阿巴嘎旗别力古台镇', region: 'Inner Mongolia', country: 'CN', timezone: CN, lat: 44.022, lon: 114.97, provider: 0, customer: 3, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-northwest' },
  { name: '格尔木光伏园储能电站', address: '青海省海西州格尔木市东出口光伏产业园', region: 'Qinghai', country: 'CN', timezone: CN, lat: 36.37, lon: 95.03, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess'], size: 3, zone: 'cn-northwest' },
  { name: '共和塔拉滩光储电站', address: '青海省海南州共和县塔拉滩光伏园区', region: 'Qinghai', country: 'CN', timezone: CN, lat: 36.13, lon: 100.57, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess'], size: 3, zone: 'cn-northwest' },
  { name: '冷湖天文基地离网微电网', address: '青海省海西州茫崖市冷湖镇赛什腾山', region: 'Qinghai', country: 'CN', timezone: CN, lat: 38.607, lon: 93.896, provider: 0, customer: 3, system: 2, site: 'commercial', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-northwest', jitter: 0.01 },
  // Xinjiang runs on Xinjiang time (UTC+6) in daily life; IANA zone Asia/Urumqi.
  { name: '哈密伊州光储电站', address: '新疆维吾尔自治区哈密市伊州区', region: 'Xinjiang', country: 'CN', timezone: 'Asia/Urumqi', lat: 42.82, lon: 93.51, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-northwest' },
  { name: '吐鲁番鄯善光储站', address: '新疆维吾尔自治区吐鲁番市鄯善县', region: 'Xinjiang', country: 'CN', timezone: 'Asia/Urumqi', lat: 42.865, lon: 90.213, provider: 0, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-northwest' },
  { name: '塔什库尔干高原微电网', address: '新疆维吾尔自治区喀什地区塔什库尔干塔吉克自治县', region: 'Xinjiang', country: 'CN', timezone: 'Asia/Urumqi', lat: 37.775, lon: 75.228, provider: 0, customer: 3, system: 3, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-northwest' },
  // ── Provider 1: Guangdong, Hainan, Yunnan ──
  { name: '东莞松山湖光储站', address: '广东省东莞市松山湖高新区工业西路', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.906, lon: 113.875, provider: 1, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-south' },
  { name: "Shenzhen Bao'an Electronics Park ESS", address: "Fuhai Industrial Zone, Bao'an District, Shenzhen, Guangdong, China", region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.68, lon: 113.845, provider: 1, customer: 0, system: 1, site: 'factory', energy: ['ess', 'load'], size: 2, zone: 'cn-south' },
  { name: '佛山顺德家电产业园储能站', address: '广东省佛山市顺德区北滘镇', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.928, lon: 113.205, provider: 1, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-south' },
  { name: 'Foshan Nanhai Ceramics PV+ESS', address: 'Shishan Town, Nanhai District, Foshan, Guangdong, China', region: 'Guangdong', country: 'CN', timezone: CN, lat: 23.125, lon: 112.97, provider: 1, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-south' },
  { name: 'Guangzhou Science City PV+ESS+EV', address: 'Kexue Avenue, Huangpu District, Guangzhou, Guangdong, China', region: 'Guangdong', country: 'CN', timezone: CN, lat: 23.17, lon: 113.45, provider: 1, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-south' },
  { name: 'Huizhou Daya Bay Industrial ESS', address: 'Xiangshui River Industrial Area, Daya Bay, Huizhou, Guangdong, China', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.73, lon: 114.53, provider: 1, customer: 1, system: 1, site: 'factory', energy: ['ess', 'load'], size: 3, zone: 'cn-south' },
  { name: '珠海金湾储能站', address: '广东省珠海市金湾区红旗镇', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.14, lon: 113.36, provider: 1, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-south' },
  { name: 'Jiangmen Xinhui Charging Hub', address: 'Huicheng Street, Xinhui District, Jiangmen, Guangdong, China', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.46, lon: 113.03, provider: 1, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'load', 'charging'], size: 1, zone: 'cn-south' },
  { name: '中山火炬开发区光储充站', address: '广东省中山市火炬开发区康乐大道', region: 'Guangdong', country: 'CN', timezone: CN, lat: 22.53, lon: 113.47, provider: 1, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-south' },
  { name: '湛江东海岛储能站', address: '广东省湛江市经济技术开发区东海岛', region: 'Guangdong', country: 'CN', timezone: CN, lat: 21.03, lon: 110.45, provider: 1, customer: 1, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'cn-south' },
  { name: '海口江东新区光储充站', address: '海南省海口市美兰区江东新区', region: 'Hainan', country: 'CN', timezone: CN, lat: 20.025, lon: 110.43, provider: 1, customer: 2, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cn-south' },
  { name: 'Sanya Yazhou Bay Resort Microgrid', address: 'Yazhou Bay Science City, Yazhou District, Sanya, Hainan, China', region: 'Hainan', country: 'CN', timezone: CN, lat: 18.37, lon: 109.19, provider: 1, customer: 2, system: 3, site: 'commercial', energy: ['pv', 'ess', 'dg', 'load'], size: 2, zone: 'cn-south' },
  { name: '三沙永兴岛微电网', address: '海南省三沙市西沙区永兴岛', region: 'Hainan', country: 'CN', timezone: CN, lat: 16.834, lon: 112.338, provider: 1, customer: 2, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-south', jitter: ISLAND },
  { name: '昆明经开区储能站', address: '云南省昆明市经济技术开发区信息产业基地', region: 'Yunnan', country: 'CN', timezone: CN, lat: 24.97, lon: 102.81, provider: 1, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'cn-southwest' },
  { name: 'Xishuangbanna Tea Estate Microgrid', address: 'Menghai County, Xishuangbanna, Yunnan, China', region: 'Yunnan', country: 'CN', timezone: CN, lat: 21.96, lon: 100.45, provider: 1, customer: 3, system: 3, site: 'factory', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'cn-southwest' },
  { name: '丽江玉龙光储充站', address: '云南省丽江市玉龙纳西族自治县', region: 'Yunnan', country: 'CN', timezone: CN, lat: 26.82, lon: 100.24, provider: 1, customer: 3, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 1, zone: 'cn-southwest' },
  // ── Provider 2: international ──
  { name: 'Munich Freiham Logistics ESS', address: 'Freiham, 81248 München, Germany', region: 'Bavaria', country: 'DE', timezone: 'Europe/Berlin', lat: 48.137, lon: 11.413, provider: 2, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'de' },
  { name: 'Leipzig Nord Industrial PV+ESS', address: 'Radefeld, 04435 Schkeuditz, Germany', region: 'Saxony', country: 'DE', timezone: 'Europe/Berlin', lat: 51.41, lon: 12.4, provider: 2, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'de' },
  { name: 'Hamburg Altenwerder Charging Hub', address: 'Altenwerder Hauptdeich, 21129 Hamburg, Germany', region: 'Hamburg', country: 'DE', timezone: 'Europe/Berlin', lat: 53.51, lon: 9.92, provider: 2, customer: 0, system: 1, site: 'commercial', energy: ['ess', 'load', 'charging'], size: 2, zone: 'de' },
  { name: 'Pellworm Island Smart Grid', address: 'Tammensiel, 25849 Pellworm, Germany', region: 'Schleswig-Holstein', country: 'DE', timezone: 'Europe/Berlin', lat: 54.523, lon: 8.657, provider: 2, customer: 2, system: 3, site: 'residential', energy: ['pv', 'ess', 'load'], size: 1, zone: 'de', jitter: 0.01 },
  { name: 'Newman Mine Camp Microgrid', address: 'Great Northern Highway, Newman WA 6753, Australia', region: 'Western Australia', country: 'AU', timezone: 'Australia/Perth', lat: -23.359, lon: 119.733, provider: 2, customer: 1, system: 2, site: 'factory', energy: ['pv', 'ess', 'dg', 'load'], size: 3, zone: 'au' },
  { name: 'Coober Pedy Hybrid Microgrid', address: 'Hutchison Street, Coober Pedy SA 5723, Australia', region: 'South Australia', country: 'AU', timezone: 'Australia/Adelaide', lat: -29.013, lon: 134.754, provider: 2, customer: 1, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 2, zone: 'au' },
  { name: 'Townsville Bohle Logistics PV+ESS', address: 'Bohle QLD 4818, Australia', region: 'Queensland', country: 'AU', timezone: 'Australia/Brisbane', lat: -19.265, lon: 146.702, provider: 2, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'au' },
  { name: 'Naivasha Flower Farm Microgrid', address: 'Moi South Lake Road, Naivasha, Kenya', region: 'Nakuru County', country: 'KE', timezone: 'Africa/Nairobi', lat: -0.73, lon: 36.44, provider: 2, customer: 2, system: 3, site: 'factory', energy: ['pv', 'ess', 'dg', 'load'], size: 2, zone: 'ke' },
  { name: 'Nairobi Tatu City Industrial ESS', address: 'Tatu City, Ruiru, Kiambu County, Kenya', region: 'Kiambu County', country: 'KE', timezone: 'Africa/Nairobi', lat: -1.15, lon: 36.9, provider: 2, customer: 0, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'ke' },
  { name: 'Mfangano Island Solar Microgrid', address: 'Sena, Mfangano Island, Homa Bay County, Kenya', region: 'Homa Bay County', country: 'KE', timezone: 'Africa/Nairobi', lat: -0.46, lon: 34.02, provider: 2, customer: 2, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'ke', jitter: 0.01 },
  { name: 'Calama Copper Mine Microgrid', address: 'Ruta 21, Calama, Antofagasta, Chile', region: 'Antofagasta', country: 'CL', timezone: 'America/Santiago', lat: -22.456, lon: -68.93, provider: 2, customer: 1, system: 3, site: 'factory', energy: ['pv', 'ess', 'dg', 'load'], size: 3, zone: 'cl' },
  { name: 'Santiago Quilicura Logistics ESS', address: 'Av. Américo Vespucio, Quilicura, Santiago, Chile', region: 'Santiago Metropolitan', country: 'CL', timezone: 'America/Santiago', lat: -33.36, lon: -70.73, provider: 2, customer: 0, system: 1, site: 'commercial', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'cl' },
  { name: 'Coron Island Microgrid', address: 'Poblacion, Coron, Palawan, Philippines', region: 'Palawan', country: 'PH', timezone: 'Asia/Manila', lat: 11.999, lon: 120.204, provider: 2, customer: 2, system: 2, site: 'commercial', energy: ['pv', 'ess', 'dg', 'load'], size: 2, zone: 'ph', jitter: ISLAND },
  { name: 'Romblon Island Hybrid Microgrid', address: 'Poblacion, Romblon, Romblon, Philippines', region: 'Romblon', country: 'PH', timezone: 'Asia/Manila', lat: 12.577, lon: 122.27, provider: 2, customer: 2, system: 2, site: 'residential', energy: ['pv', 'ess', 'dg', 'load'], size: 1, zone: 'ph', jitter: ISLAND },
  { name: 'Mactan Economic Zone PV+ESS', address: 'MEPZ 1, Lapu-Lapu City, Cebu, Philippines', region: 'Cebu', country: 'PH', timezone: 'Asia/Manila', lat: 10.31, lon: 123.97, provider: 2, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 2, zone: 'ph', jitter: 0.005 },
  { name: 'Rayong Amata City PV+ESS', address: 'Amata City Industrial Estate, Rayong, Thailand', region: 'Rayong', country: 'TH', timezone: 'Asia/Bangkok', lat: 13.03, lon: 101.11, provider: 2, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load'], size: 3, zone: 'th' },
  { name: 'Binh Duong VSIP Rooftop PV+ESS', address: 'VSIP I, Thuan An, Binh Duong, Vietnam', region: 'Binh Duong', country: 'VN', timezone: 'Asia/Ho_Chi_Minh', lat: 10.93, lon: 106.71, provider: 2, customer: 3, system: 1, site: 'factory', energy: ['pv', 'ess', 'load', 'charging'], size: 2, zone: 'vn' },
];
