// Static tables behind the demo fleet (server/db/seed.ts). Everything here is hand-written and
// real-world: org names are invented but plausible, station coordinates are those of real
// industrial parks, towns and islands, time zones are the IANA zones of those places; their
// tariffs are in seed-tariff-zones.ts. See docs/seed.md.

import type { EnergyType, Period, SiteType } from '../../protocol/codes';
import type { TariffZoneId } from './seed-tariff-zones';

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
const ISLAND = 0.002;

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

/** One site as written below: energy is space-separated; jitter only where copies need it. */
type SiteRow = [
  region: keyof typeof REGIONS,
  customer: SiteSpec['customer'],
  name: string,
  address: string,
  lat: number,
  lon: number,
  system: SiteSpec['system'],
  site: SiteType,
  energy: string,
  size: SizeClass,
  jitter?: number,
];

const siteOf = ([region, customer, name, address, lat, lon, system, site, energy, size, jitter]: SiteRow): SiteSpec => {
  const [provider, country, timezone, zone] = REGIONS[region];
  const spec: SiteSpec = {
    name,
    address,
    region,
    country,
    timezone,
    lat,
    lon,
    provider,
    customer,
    system,
    site,
    energy: energy.split(' ') as EnergyType[],
    size,
    zone,
  };
  return jitter === undefined ? spec : { ...spec, jitter };
};

/** 60 real places. Station i of a fleet of N maps to one of them (docs/seed.md). */
// One site a row reads as a table; a few English addresses run past the print width.
// prettier-ignore
const SITE_ROWS: SiteRow[] = [
  // ── Provider 0: Jiangsu, Zhejiang, Shanghai, Shandong, Inner Mongolia, Qinghai, Xinjiang ──
  ['Jiangsu', 0, '苏州工业园储能站', '江苏省苏州市苏州工业园区星湖街328号', 31.3175, 120.7156, 1, 'factory', 'pv ess load charging', 2],
  ['Jiangsu', 0, '昆山开发区光储一体化电站', '江苏省昆山市经济技术开发区前进东路', 31.368, 120.991, 1, 'factory', 'pv ess load', 2],
  ['Jiangsu', 0, '无锡新吴区光储充示范站', '江苏省无锡市新吴区长江路', 31.5505, 120.365, 1, 'commercial', 'pv ess load charging', 2],
  ['Jiangsu', 0, '常州武进高新区储能站', '江苏省常州市武进区常武南路', 31.685, 119.956, 1, 'factory', 'ess load', 2],
  ['Jiangsu', 0, '南京江宁开发区光伏储能站', '江苏省南京市江宁区将军大道', 31.906, 118.817, 1, 'factory', 'pv ess load', 3],
  ['Jiangsu', 0, '南通经开区储能电站', '江苏省南通市经济技术开发区通盛大道', 31.937, 120.963, 1, 'factory', 'ess load', 3],
  ['Jiangsu', 2, '盐城大丰光储电站', '江苏省盐城市大丰区经济开发区', 33.199, 120.466, 1, 'factory', 'pv ess load', 3],
  ['Jiangsu', 2, '连云港经开区光储站', '江苏省连云港市经济技术开发区', 34.605, 119.225, 1, 'factory', 'pv ess load', 2],
  ['Zhejiang', 1, '宁波杭州湾新区光储站', '浙江省宁波市杭州湾新区滨海二路', 30.305, 121.23, 1, 'factory', 'pv ess load charging', 3],
  ['Zhejiang', 1, '杭州钱塘新区储能站', '浙江省杭州市钱塘区下沙街道', 30.305, 120.345, 1, 'factory', 'ess load', 2],
  ['Zhejiang', 1, '海宁经编园光储电站', '浙江省嘉兴市海宁市马桥街道', 30.53, 120.66, 1, 'factory', 'pv ess load', 2],
  ['Zhejiang', 1, '温州龙湾光储充电站', '浙江省温州市龙湾区永中街道', 27.933, 120.81, 1, 'commercial', 'pv ess load charging', 2],
  ['Zhejiang', 1, '舟山东极岛海岛微电网', '浙江省舟山市普陀区东极镇庙子湖岛', 30.186, 122.681, 2, 'residential', 'pv ess dg load', 1, ISLAND],
  ['Shandong', 2, '青岛西海岸新区储能站', '山东省青岛市黄岛区长江中路', 35.964, 120.18, 1, 'factory', 'pv ess load charging', 2],
  ['Shandong', 2, '烟台开发区光储充电站', '山东省烟台市经济技术开发区长江路', 37.562, 121.248, 1, 'commercial', 'pv ess load charging', 2],
  ['Shandong', 2, '寿光蔬菜大棚光伏储能站', '山东省潍坊市寿光市洛城街道', 36.855, 118.79, 1, 'commercial', 'pv ess load', 1],
  ['Shandong', 2, '东营油田光储柴微电网', '山东省东营市东营区西城南一路', 37.45, 118.5, 3, 'factory', 'pv ess dg load', 2],
  ['Shanghai', 0, '上海临港新片区储能站', '上海市浦东新区临港新片区环湖西二路', 30.9, 121.93, 1, 'factory', 'pv ess load charging', 3],
  ['Inner Mongolia', 3, '鄂尔多斯达拉特光储电站', '内蒙古自治区鄂尔多斯市达拉特旗树林召镇', 40.405, 110.04, 1, 'factory', 'pv ess', 3],
  ['Inner Mongolia', 3, '包头稀土高新区储能站', '内蒙古自治区包头市稀土高新区黄河大街', 40.628, 109.86, 1, 'factory', 'pv ess load', 3],
  ['Inner Mongolia', 3, '阿巴嘎旗牧区离网微电网', '内蒙古自治区锡林郭勒盟阿巴嘎旗别力古台镇', 44.022, 114.97, 2, 'residential', 'pv ess dg load', 1],
  ['Qinghai', 3, '格尔木光伏园储能电站', '青海省海西州格尔木市东出口光伏产业园', 36.37, 95.03, 1, 'factory', 'pv ess', 3],
  ['Qinghai', 3, '共和塔拉滩光储电站', '青海省海南州共和县塔拉滩光伏园区', 36.13, 100.57, 1, 'factory', 'pv ess', 3],
  ['Qinghai', 3, '冷湖天文基地离网微电网', '青海省海西州茫崖市冷湖镇赛什腾山', 38.607, 93.896, 2, 'commercial', 'pv ess dg load', 1, 0.01],
  ['Xinjiang', 3, '哈密伊州光储电站', '新疆维吾尔自治区哈密市伊州区', 42.82, 93.51, 1, 'factory', 'pv ess load', 3],
  ['Xinjiang', 3, '吐鲁番鄯善光储站', '新疆维吾尔自治区吐鲁番市鄯善县', 42.865, 90.213, 1, 'factory', 'pv ess load', 2],
  ['Xinjiang', 3, '塔什库尔干高原微电网', '新疆维吾尔自治区喀什地区塔什库尔干塔吉克自治县', 37.775, 75.228, 3, 'residential', 'pv ess dg load', 1],
  // ── Provider 1: Guangdong, Hainan, Yunnan ──
  ['Guangdong', 0, '东莞松山湖光储站', '广东省东莞市松山湖高新区工业西路', 22.906, 113.875, 1, 'factory', 'pv ess load charging', 2],
  ['Guangdong', 0, "Shenzhen Bao'an Electronics Park ESS", "Fuhai Industrial Zone, Bao'an District, Shenzhen, Guangdong, China", 22.68, 113.845, 1, 'factory', 'ess load', 2],
  ['Guangdong', 1, '佛山顺德家电产业园储能站', '广东省佛山市顺德区北滘镇', 22.928, 113.205, 1, 'factory', 'pv ess load', 3],
  ['Guangdong', 1, 'Foshan Nanhai Ceramics PV+ESS', 'Shishan Town, Nanhai District, Foshan, Guangdong, China', 23.125, 112.97, 1, 'factory', 'pv ess load', 3],
  ['Guangdong', 0, 'Guangzhou Science City PV+ESS+EV', 'Kexue Avenue, Huangpu District, Guangzhou, Guangdong, China', 23.17, 113.45, 1, 'commercial', 'pv ess load charging', 2],
  ['Guangdong', 1, 'Huizhou Daya Bay Industrial ESS', 'Xiangshui River Industrial Area, Daya Bay, Huizhou, Guangdong, China', 22.73, 114.53, 1, 'factory', 'ess load', 3],
  ['Guangdong', 1, '珠海金湾储能站', '广东省珠海市金湾区红旗镇', 22.14, 113.36, 1, 'factory', 'pv ess load', 2],
  ['Guangdong', 0, 'Jiangmen Xinhui Charging Hub', 'Huicheng Street, Xinhui District, Jiangmen, Guangdong, China', 22.46, 113.03, 1, 'commercial', 'pv load charging', 1],
  ['Guangdong', 0, '中山火炬开发区光储充站', '广东省中山市火炬开发区康乐大道', 22.53, 113.47, 1, 'commercial', 'pv ess load charging', 2],
  ['Guangdong', 1, '湛江东海岛储能站', '广东省湛江市经济技术开发区东海岛', 21.03, 110.45, 1, 'factory', 'pv ess load', 3],
  ['Hainan', 2, '海口江东新区光储充站', '海南省海口市美兰区江东新区', 20.025, 110.43, 1, 'commercial', 'pv ess load charging', 2],
  ['Hainan', 2, 'Sanya Yazhou Bay Resort Microgrid', 'Yazhou Bay Science City, Yazhou District, Sanya, Hainan, China', 18.37, 109.19, 3, 'commercial', 'pv ess dg load', 2],
  ['Hainan', 2, '三沙永兴岛微电网', '海南省三沙市西沙区永兴岛', 16.834, 112.338, 2, 'residential', 'pv ess dg load', 1, ISLAND],
  ['Yunnan', 3, '昆明经开区储能站', '云南省昆明市经济技术开发区信息产业基地', 24.97, 102.81, 1, 'factory', 'pv ess load', 2],
  ['Yunnan', 3, 'Xishuangbanna Tea Estate Microgrid', 'Menghai County, Xishuangbanna, Yunnan, China', 21.96, 100.45, 3, 'factory', 'pv ess dg load', 1],
  ['Yunnan', 3, '丽江玉龙光储充站', '云南省丽江市玉龙纳西族自治县', 26.82, 100.24, 1, 'commercial', 'pv ess load charging', 1],
  // ── Provider 2: international ──
  ['Bavaria', 0, 'Munich Freiham Logistics ESS', 'Freiham, 81248 München, Germany', 48.137, 11.413, 1, 'commercial', 'pv ess load charging', 2],
  ['Saxony', 0, 'Leipzig Nord Industrial PV+ESS', 'Radefeld, 04435 Schkeuditz, Germany', 51.41, 12.4, 1, 'factory', 'pv ess load', 3],
  ['Hamburg', 0, 'Hamburg Altenwerder Charging Hub', 'Altenwerder Hauptdeich, 21129 Hamburg, Germany', 53.51, 9.92, 1, 'commercial', 'ess load charging', 2],
  ['Schleswig-Holstein', 2, 'Pellworm Island Smart Grid', 'Tammensiel, 25849 Pellworm, Germany', 54.523, 8.657, 3, 'residential', 'pv ess load', 1, 0.01],
  ['Western Australia', 1, 'Newman Mine Camp Microgrid', 'Great Northern Highway, Newman WA 6753, Australia', -23.359, 119.733, 2, 'factory', 'pv ess dg load', 3],
  ['South Australia', 1, 'Coober Pedy Hybrid Microgrid', 'Hutchison Street, Coober Pedy SA 5723, Australia', -29.013, 134.754, 2, 'residential', 'pv ess dg load', 2],
  ['Queensland', 0, 'Townsville Bohle Logistics PV+ESS', 'Bohle QLD 4818, Australia', -19.265, 146.702, 1, 'commercial', 'pv ess load charging', 2],
  ['Nakuru County', 2, 'Naivasha Flower Farm Microgrid', 'Moi South Lake Road, Naivasha, Kenya', -0.73, 36.44, 3, 'factory', 'pv ess dg load', 2],
  ['Kiambu County', 0, 'Nairobi Tatu City Industrial ESS', 'Tatu City, Ruiru, Kiambu County, Kenya', -1.15, 36.9, 1, 'factory', 'pv ess load', 2],
  ['Homa Bay County', 2, 'Mfangano Island Solar Microgrid', 'Sena, Mfangano Island, Homa Bay County, Kenya', -0.46, 34.02, 2, 'residential', 'pv ess dg load', 1, 0.01],
  ['Antofagasta', 1, 'Calama Copper Mine Microgrid', 'Ruta 21, Calama, Antofagasta, Chile', -22.456, -68.93, 3, 'factory', 'pv ess dg load', 3],
  ['Santiago Metropolitan', 0, 'Santiago Quilicura Logistics ESS', 'Av. Américo Vespucio, Quilicura, Santiago, Chile', -33.36, -70.73, 1, 'commercial', 'pv ess load charging', 2],
  ['Palawan', 2, 'Coron Island Microgrid', 'Poblacion, Coron, Palawan, Philippines', 11.999, 120.204, 2, 'commercial', 'pv ess dg load', 2, ISLAND],
  ['Romblon', 2, 'Romblon Island Hybrid Microgrid', 'Poblacion, Romblon, Romblon, Philippines', 12.577, 122.27, 2, 'residential', 'pv ess dg load', 1, ISLAND],
  ['Cebu', 3, 'Mactan Economic Zone PV+ESS', 'MEPZ 1, Lapu-Lapu City, Cebu, Philippines', 10.31, 123.97, 1, 'factory', 'pv ess load', 2, 0.005],
  ['Rayong', 3, 'Rayong Amata City PV+ESS', 'Amata City Industrial Estate, Rayong, Thailand', 13.03, 101.11, 1, 'factory', 'pv ess load', 3],
  ['Binh Duong', 3, 'Binh Duong VSIP Rooftop PV+ESS', 'VSIP I, Thuan An, Binh Duong, Vietnam', 10.93, 106.71, 1, 'factory', 'pv ess load charging', 2],
];

export const SITES: readonly SiteSpec[] = SITE_ROWS.map(siteOf);
