import type { AnalysisKind } from '../../protocol/actions/analysis';
import type { Period } from '../../protocol/codes';
import enAnalysis from '../../locales/en/analysis.json';
import zhAnalysis from '../../locales/zh/analysis.json';
import enCommon from '../../locales/en/common.json';
import zhCommon from '../../locales/zh/common.json';
import enTariffs from '../../locales/en/tariffs.json';
import zhTariffs from '../../locales/zh/tariffs.json';
import { inLang, word, type FileLang, type Word } from '../reports/labels';

// Words of an analysis workbook in the caller's language: the console's own texts (figure names,
// table titles, units, tariff periods), so the file names each figure as the screen does.

export type AnalysisLang = FileLang;
type FigKey = keyof typeof enAnalysis.fig;

const TITLE_ROUTE = { pv: 'analysisPhotovoltaic', ess: 'analysisEnergyStorage', usage: 'analysisEnergyUsage' } as const;
/** chart series keys of the answer → the figure they plot */
const SERIES_FIGURE: Record<string, FigKey> = {
  irradiation: 'irradiationKwhM2',
  pr: 'prPct',
  prTempCorrected: 'prTempCorrectedPct',
  rte: 'rtePct',
  selfSufficiency: 'selfSufficiencyPct',
};

/** Words of the parameter sheet: the toolbar's where the console has them, two of its own, and
 *  the others those of the report files. */
const SHEET_WORDS = ['scope', 'period', 'compare', 'stations', 'localDays'] as const;
type SheetWord = (typeof SHEET_WORDS)[number];
type ParamWord = SheetWord | Extract<Word, 'report' | 'from' | 'to' | 'currency' | 'generated' | 'provisional' | 'status' | 'provisionalNote' | 'final'>;
const isSheetWord = (w: ParamWord): w is SheetWord => (SHEET_WORDS as readonly string[]).includes(w);

export const analysisText = (lang: AnalysisLang) => {
  const a = lang === 'zh' ? zhAnalysis : enAnalysis;
  const c = lang === 'zh' ? zhCommon : enCommon;
  // the tariff periods are named once, in the tariffs texts, as on every screen
  const periods = (lang === 'zh' ? zhTariffs : enTariffs).period;
  const fig = (k: string): string => (k in a.fig ? a.fig[k as FigKey] : k);
  const sheet: Record<SheetWord, string> = {
    scope: a.toolbar.scope,
    period: a.toolbar.period,
    compare: a.toolbar.compare,
    stations: inLang(['电站数', 'Stations'], lang),
    localDays: inLang(['日期', 'Dates'], lang),
  };
  return {
    fig,
    seriesFigure: (k: string): string => SERIES_FIGURE[k] ?? k,
    title: (kind: AnalysisKind): string => c.routes[TITLE_ROUTE[kind]],
    word: (w: ParamWord): string => (isSheetWord(w) ? sheet[w] : word(w, lang)),
    compareOf: (label: string): string => a.chart.compare.replace('{{label}}', label),
    rte: (method: string): string => (method === 'sameSoc' || method === 'socCorrected' ? a.rte[method] : method),
    rteMethod: (method: string, basis: string): string =>
      a.rte.method
        .replace('{{method}}', method === 'sameSoc' || method === 'socCorrected' ? a.rte[method] : method)
        .replace('{{basis}}', basis === 'ac' ? a.rte.ac : basis),
    tou: (p: Period): string => periods[p],
    periodName: (p: 'day' | 'month' | 'year' | 'custom'): string => a.toolbar.periods[p],
    compareName: (p: 'none' | 'previous' | 'lastYear'): string => a.toolbar.compares[p],
    allStations: a.toolbar.allStations,
    cycles: a.units.cycles,
    figures: a.csv.figures,
    chart: a.csv.chart,
    note: a.csv.note,
    bucket: a.chart.bucket,
    station: a.table.station,
    stations: a.table.stations,
    ranking: a.table.ranking,
    dropped: a.table.dropped,
    touTitle: a.tou.title,
    touPeriod: a.tou.period,
    localDays: a.toolbar.localDays,
  };
};
