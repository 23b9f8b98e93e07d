import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { billTable } from '../bill';
import { generatedText, itemName, type FileLang } from '../labels';
import { currencyLabel } from '../../../protocol/currency';
import { cellText, energyScale } from '../numbers';
import { writePdf } from '../pdf';
import { reportTable } from '../table';
import { describeWords, hasPdftotext, linesOf, outside, overlaps, pagesOf, type Page } from './pdf-boxes';
import { billDetail, LONG_PROVIDERS, reportAnswer } from './pdf-fixtures';
import enReports from '../../../locales/en/reports.json';
import zhReports from '../../../locales/zh/reports.json';

// The report and bill PDFs read back as a reader sees them (pdftotext -bbox): no two words
// collide, nothing leaves the page, headers are whole and repeat on every page, numbers are
// formatted for the language, pages are numbered, times carry their zone.

if (!hasPdftotext) console.log('[pdf] PDF layout checks skipped: pdftotext (poppler-utils) not installed');

const dir = mkdtempSync(join(tmpdir(), 'pdf-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SILENT = { tick: () => undefined, cancelled: () => false };
const NOW = Date.UTC(2026, 10, 27, 8, 4, 30);
const GENERATED = generatedText(NOW, 'Asia/Shanghai');
const STATION = 'Suzhou Industrial Park Phase II Rooftop Solar, Storage and Charging Station 苏州工业园区二期光储充一体化电站';
const money = (v: number) => v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const reportPdf = async (lang: FileLang): Promise<Page[]> => {
  const file = join(dir, `report-${lang}.pdf`);
  await writePdf(reportTable('platform', reportAnswer(), lang, GENERATED), file, SILENT, {
    lang,
    providerName: LONG_PROVIDERS[0]!,
    generated: GENERATED,
    subtitle: '2026-11-01 – 2026-11-12',
  });
  return pagesOf(file);
};
const billPdf = async (lang: FileLang, currency = 'USD'): Promise<Page[]> => {
  const file = join(dir, `bill-${lang}-${currency}.pdf`);
  await writePdf(billTable(billDetail(STATION, currency), lang, GENERATED), file, SILENT, { lang, providerName: LONG_PROVIDERS[1]!, generated: GENERATED });
  return pagesOf(file);
};

/** Every page: no colliding words, none off the page, the footer's time with its zone and "Page n / N". */
const expectCleanPages = (pages: Page[], lang: FileLang) => {
  pages.forEach((p, i) => {
    expect(describeWords(overlaps(p)), `page ${i + 1} has colliding words`).toBe('');
    expect(
      outside(p).map((w) => w.text),
      `page ${i + 1} has words off the page`,
    ).toEqual([]);
    const text = linesOf(p).join('\n');
    expect(text).not.toMatch(/\d\d:\d\d:\d\d|\dT\d\d:\d\d/);
    expect(text).toContain(`${lang === 'zh' ? '生成时间' : 'Generated'} ${GENERATED}`);
    expect(text).toContain(lang === 'zh' ? `第 ${i + 1} / ${pages.length} 页` : `Page ${i + 1} / ${pages.length}`);
    // every figure past 9,999 is grouped, and past 999 when it has decimals (1,234.56, never 1234.56)
    expect(p.words.map((w) => w.text).filter((w) => /^-?(\d{5,}(\.\d+)?|\d{4}\.\d+)$/.test(w))).toEqual([]);
  });
};

const headerWords = (lang: FileLang) => {
  const cur = lang === 'zh' ? '(美元)' : '(USD)';
  return [
    ...(lang === 'zh' ? ['服务商', '时间'] : ['Service', 'provider', 'Period']),
    ...reportAnswer().columns.flatMap((i) => itemName(i as never, lang).split(' ')),
    '(GWh)',
    '(MWh)',
    '(L)',
    '(%)',
    cur,
  ];
};

describe.skipIf(!hasPdftotext)('report PDF layout', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: wraps names in their cells, repeats the whole header on every page, formats numbers`, async () => {
      const pages = await reportPdf(lang);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expectCleanPages(pages, lang);
      for (const [i, p] of pages.entries()) {
        // the table's header row: whole words at the top of every page after the first
        const top = i === 0 ? p.words : p.words.filter((w) => w.y0 < 100);
        const words = new Set(top.map((w) => w.text));
        for (const h of headerWords(lang)) expect(words, `page ${i + 1} header lacks "${h}"`).toContain(h);
      }
      const first = new Set(pages[0]!.words.map((w) => w.text));
      for (const w of LONG_PROVIDERS[0]!.split(' ')) expect(first).toContain(w);

      const answer = reportAnswer();
      const last = linesOf(pages.at(-1)!);
      const totals = last.find((l) => l.startsWith(lang === 'zh' ? '合计' : 'Total'))!;
      expect(totals).toBeTruthy();
      expect(totals).toContain(money(answer.totals[answer.columns.indexOf('income')]!));
      // PV in GWh (its rows pass a million kWh), cut to the hundredth: 1,234,567.891 kWh reads 1.23
      expect(linesOf(pages[0]!).filter((l) => / 2026-11-01 1\.23 /.test(l))).toHaveLength(1);
    });
  }
});

describe.skipIf(!hasPdftotext)('bill PDF layout', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: titled "bill · station · month", period names in words, make-up and totals formatted`, async () => {
      const pages = await billPdf(lang);
      expectCleanPages(pages, lang);
      const text = linesOf(pages[0]!).join(' ').replace(/\s+/g, '');
      const title = lang === 'zh' ? `账单 · ${STATION} · 2026-11` : `Bill · ${STATION} · 2026-11`;
      expect(text).toContain(title.replace(/\s+/g, ''));
      expect(text).not.toContain('2026-112026-11');
      const words = new Set(pages[0]!.words.map((w) => w.text));
      for (const w of lang === 'zh' ? ['尖', '峰', '平', '谷', '柴油'] : ['Sharp', 'Peak', 'Flat', 'Valley', 'Diesel']) expect(words).toContain(w);
      for (const raw of ['sharp', 'peak', 'flat', 'valley', 'diesel']) expect(words).not.toContain(raw);
      for (const v of ['99,999.93', '456,789.12', '98,765.43', '1,234.50', '0.1523', '-987.65']) expect(words).toContain(v);
      expect(words).toContain(lang === 'zh' ? '美元' : 'USD');
      // a tier line reads as the bill screen names it, its money beside it
      expect(text).toContain(lang === 'zh' ? '第2档（200,000kWh起）' : 'Tier2(from200,000kWh)');
      expect(words).toContain('12,839.46');
      // the columns carry the bill screen's names (时段 is a tariff period, not a time)
      const bills = (lang === 'zh' ? zhReports : enReports).bills;
      const head = linesOf(pages[0]!).find((l) => l.startsWith(bills.period))!;
      expect(head, 'bill header row').toBeTruthy();
      expect(head.split(' ').slice(0, 3)).toEqual([bills.period, bills.direction, bills.quantity]);
    });
  }

  it('zh: money in yuan reads 元, other currencies their code', async () => {
    expect(new Set((await billPdf('zh', 'CNY'))[0]!.words.map((w) => w.text))).toContain('元');
    const eur = (await billPdf('zh', 'EUR'))[0]!.words.map((w) => w.text);
    expect(eur).toContain('EUR');
    expect(eur).not.toContain('美元');
  });
});

describe('PDF numbers', () => {
  it('steps an energy column only as far as its smallest figure allows (SPEC §9), cutting to the hundredth', () => {
    const mixed = energyScale([4_321.5, 8_134_567.891, null, 0]);
    expect(mixed.unit).toBe('MWh');
    expect(cellText(4_321.5, 'energy', 'en', mixed.factor)).toBe('4.32');
    expect(cellText(8_134_567.891, 'energy', 'en', mixed.factor)).toBe('8,134.56');
    expect(energyScale([999.99, 5e6]).unit).toBe('kWh');
    expect(cellText(999_999, 'energy', 'zh', energyScale([999_999]).factor)).toBe('999.99');
    expect(energyScale([2e6, 3e6]).unit).toBe('GWh');
  });

  it('groups money, keeps prices to 4 decimals, counts whole; names the currency for Chinese readers', () => {
    expect(cellText(1_234_567.891, 'money', 'en')).toBe('1,234,567.89');
    expect(cellText(0.15234, 'price', 'zh')).toBe('0.1523');
    expect(cellText(12_345, 'count', 'en')).toBe('12,345');
    expect([currencyLabel('USD', 'zh'), currencyLabel('CNY', 'zh'), currencyLabel('EUR', 'zh'), currencyLabel('CNY', 'en')]).toEqual([
      '美元',
      '元',
      'EUR',
      'CNY',
    ]);
  });
});
