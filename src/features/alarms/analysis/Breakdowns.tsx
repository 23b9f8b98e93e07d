// The alarm analysis page's breakdowns: cards of bars, each bar a label, its count and its share
// of the largest, for the counts by category, type and device type and the top stations and rules.
import type { ReactNode } from 'react';
import { ALARM_TYPES } from '../../../../protocol/codes';
import type { AlarmAnalysis } from '../../../../streams/alarms/analysis';
import type { TFn } from '../../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_TYPE_KEY, DEVICE_TYPE_KEY, labelOf } from '../../../i18n/codeKeys';
import { alarmRuleName } from '../../../lib/alarmText';
import { CATEGORY_ORDER, type Category } from './analysis';

export const COLORS: Record<Category, string> = { fault: 'bg-red-600', protection: 'bg-orange-500', alarm: 'bg-amber-400', event: 'bg-sky-500' };

const typeLabel = (x: string): string => labelOf(DEVICE_TYPE_KEY, x);

export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="mb-3 text-sm font-semibold text-slate-600 dark:text-slate-300">{title}</h2>
      {children}
    </section>
  );
}

interface BarItem {
  key: string;
  label: string;
  count: number;
  color?: string;
}

/** Label, count and a bar of its share of the largest. */
function BarList({ items, testId, empty }: { items: BarItem[]; testId: string; empty: string }) {
  const max = Math.max(1, ...items.map((x) => x.count));
  if (items.length === 0) return <p className="py-4 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="flex flex-col gap-1.5 text-sm" data-testid={testId}>
      {items.map((x) => (
        <li
          key={x.key}
          data-testid={`${testId}-item`}
          data-key={x.key}
          data-count={x.count}
          className="grid grid-cols-[minmax(0,176px)_1fr_48px] items-center gap-2"
        >
          <span className="truncate max-sm:whitespace-normal max-sm:break-words" title={x.label}>
            {x.label}
          </span>
          <span className="h-2 rounded bg-slate-100 dark:bg-slate-800">
            <span className={`block h-2 rounded ${x.color ?? 'bg-brand-600'}`} style={{ width: `${(x.count / max) * 100}%` }} />
          </span>
          <span className="text-right font-mono tabular-nums">{x.count}</span>
        </li>
      ))}
    </ul>
  );
}

/** A card of bars (BarList) under its title. */
function BarCard({ title, testId, list, items, empty }: { title: string; testId: string; list: string; items: BarItem[]; empty: string }) {
  return (
    <Card title={title} testId={testId}>
      <BarList testId={list} empty={empty} items={items} />
    </Card>
  );
}

/** The counts by category, type and device type, and the top stations and rules. */
export function Breakdowns({ data, t, empty }: { data: AlarmAnalysis; t: TFn; empty: string }) {
  const byCategory = CATEGORY_ORDER.map((c) => ({ key: c, label: t(ALARM_CATEGORY_KEY[c]), count: data.byCategory[c] ?? 0, color: COLORS[c] }));
  const byType = ALARM_TYPES.map((x) => ({ key: x, label: t(ALARM_TYPE_KEY[x]), count: data.byType[x] ?? 0 }));
  const byDevice = Object.entries(data.byDeviceType)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => ({ key: k, label: typeLabel(k), count: n }));
  const stations = data.topStations.map((s) => ({ key: String(s.stationId), label: s.stationName, count: s.count }));
  const rules = data.topRules.map((r) => ({ key: r.ruleCode, label: alarmRuleName(r.ruleCode, r.ruleName), count: r.count }));
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <BarCard title={t('alarmCenter:analysis.byCategory')} testId="by-category" list="category" items={byCategory} empty={empty} />
        <BarCard title={t('alarmCenter:analysis.byType')} testId="by-type" list="type" items={byType} empty={empty} />
        <BarCard title={t('alarmCenter:analysis.byDeviceType')} testId="by-device" list="device" items={byDevice} empty={empty} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <BarCard title={t('alarmCenter:analysis.topStations')} testId="top-stations" list="station" items={stations} empty={empty} />
        <BarCard title={t('alarmCenter:analysis.topRules')} testId="top-rules" list="rule" items={rules} empty={empty} />
      </div>
    </>
  );
}
