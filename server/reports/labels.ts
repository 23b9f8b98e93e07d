import type { ReportItem } from '../../protocol/actions/report-shapes';
import type { WireLocale } from '../../protocol/console-key';
import { formatWall } from '../../protocol/site-time';

// Names printed in exported files, in the caller's language (the console sends its locale).

export type FileLang = 'zh' | 'en';
export const langOf = (locale: WireLocale | string): FileLang => (String(locale).toLowerCase().startsWith('zh') ? 'zh' : 'en');

const ITEM_NAMES: Record<ReportItem, [string, string]> = {
  pvKwh: ['光伏发电量', 'PV generation'],
  chargeKwh: ['充电量', 'Charge'],
  dischargeKwh: ['放电量', 'Discharge'],
  loadKwh: ['负载用电量', 'Load'],
  gridImportKwh: ['电网购电量', 'Grid import'],
  gridExportKwh: ['上网电量', 'Grid export'],
  generatorKwh: ['柴油发电量', 'Diesel generation'],
  fuelLitres: ['耗油量', 'Fuel'],
  chargingPileKwh: ['充电桩电量', 'Charging piles'],
  income: ['收益', 'Income'],
  savings: ['节省电费', 'Savings'],
  fuelCost: ['燃油成本', 'Fuel cost'],
  availabilityPct: ['可用率', 'Availability'],
  alarmCount: ['告警数', 'Alarms'],
};

const WORDS = {
  platform: ['平台报表', 'Platform report'],
  service: ['服务商报表', 'Service provider report'],
  site: ['站点报表', 'Site report'],
  bill: ['账单', 'Bill'],
  provider: ['服务商', 'Service provider'],
  station: ['站点', 'Station'],
  period: ['时间', 'Period'],
  total: ['合计', 'Total'],
  noData: ['无数据', 'No data'],
  parameters: ['参数', 'Parameters'],
  report: ['报表', 'Report'],
  from: ['开始日期', 'From'],
  to: ['结束日期', 'To'],
  granularity: ['统计周期', 'Granularity'],
  items: ['数据项', 'Data items'],
  generated: ['生成时间', 'Generated'],
  currency: ['货币', 'Currency'],
  platformName: ['储能云平台', 'EMS Cloud'],
  month: ['月份', 'Month'],
  direction: ['方向', 'Direction'],
  /** a bill line's tariff period (sharp, peak, …), as the bill screen names it */
  tariffPeriod: ['时段', 'Period'],
  quantity: ['数量', 'Quantity'],
  unit: ['单位', 'Unit'],
  price: ['单价', 'Price'],
  amount: ['金额', 'Amount'],
  import: ['购电', 'Import'],
  export: ['上网', 'Export'],
  fuel: ['柴油', 'Diesel fuel'],
  sharp: ['尖', 'Sharp'],
  peak: ['峰', 'Peak'],
  flat: ['平', 'Flat'],
  valley: ['谷', 'Valley'],
  diesel: ['柴油', 'Diesel'],
  dynamic: ['动态电价', 'Dynamic prices'],
  dynamicMissing: ['缺少动态电价的时段（按分时电价计）', 'Intervals without a dynamic price (priced at time-of-use)'],
  intervals: ['个时段', 'intervals'],
  tariff: ['电价', 'Tariff'],
  day: ['日', 'Day'],
  year: ['年', 'Year'],
  importTotal: ['购电量', 'Energy imported'],
  exportTotal: ['上网电量', 'Energy exported'],
  gridAmount: ['电费', 'Electricity'],
  fuelCost: ['燃油费', 'Diesel fuel'],
  amountDue: ['应付总额', 'Amount due'],
  status: ['状态', 'Status'],
  provisional: ['暂估', 'Provisional'],
  provisionalNote: ['暂估：统计期尚未结束，数据仍会变化', 'Provisional: the period is not over and its figures still change'],
  final: ['最终', 'Final'],
  demand: ['需量电费', 'Demand charge'],
  tier: ['阶梯加价', 'Tiered rate'],
  capacity: ['容量电费', 'Capacity charge'],
  fixed: ['固定费', 'Fixed fee'],
  allHours: ['全时段', 'All hours'],
  unitMonth: ['月', 'month'],
  chargesAmount: ['阶梯、需量、容量及固定费', 'Tiers, demand, capacity and fixed charges'],
  demandMakeUp: ['需量明细', 'Demand make-up'],
  window: ['需量周期', 'Demand window'],
  peakDemand: ['本月最大需量', "Month's peak demand"],
  peakAt: ['出现时间', 'When'],
  ratchetFloor: ['棘轮下限', 'Ratchet floor'],
  billedDemand: ['计费需量', 'Billed demand'],
  minutes: ['分钟', 'min'],
  months: ['个月', 'months'],
} as const;
export type Word = keyof typeof WORDS;

/** The text of a [Chinese, English] pair in `lang`. */
export const inLang = (pair: readonly [string, string], lang: FileLang): string => pair[lang === 'zh' ? 0 : 1];
export const word = (w: Word, lang: FileLang): string => inLang(WORDS[w], lang);
export const itemName = (i: ReportItem, lang: FileLang): string => inLang(ITEM_NAMES[i], lang);

/** "Page 2 / 5", "第 2 / 5 页". */
export const pageLabel = (n: number, of: number, lang: FileLang): string => (lang === 'zh' ? `第 ${n} / ${of} 页` : `Page ${n} / ${of}`);

/** When a file was made, as its reader's clock shows it: "2026-11-27 16:04 (Asia/Shanghai)". */
export const generatedText = (ms: number, zone: string): string => `${formatWall(zone, ms).slice(0, 16)} (${zone})`;
