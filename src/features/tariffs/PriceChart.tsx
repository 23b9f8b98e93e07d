// Both prices of one season through the day as steps (a price holds until the next slot; never
// averaged), periods as bands behind them. The x axis is a plain 24-hour day (seconds after
// midnight, labelled 00:00…24:00), since a tariff is written in wall-clock time.
import { useMemo } from 'react';
import { useT } from '../../hooks/useT';
import type { Tariff } from '../../../streams/tariffs/reads';
import { TrendChart, type TrendBand, type TrendSeries } from '../../widgets/trend/TrendChart';
import { useCurrencyName } from './currency';
import { fromWire } from './draft';
import { PERIOD_KEY, colorOf } from './periods';

const DAY_S = 86_400;

/** Import and export prices as steps through a 24-hour day: each from its start (seconds after
 *  midnight) until the next, the last until 24:00. */
export const dayPriceData = (starts: number[], importPrices: number[], exportPrices: number[]): [number[], number[], number[]] => [
  [...starts, DAY_S],
  [...importPrices, importPrices.at(-1) ?? 0],
  [...exportPrices, exportPrices.at(-1) ?? 0],
];

interface DayProps {
  data: [number[], number[], number[]];
  importLabel: string;
  exportLabel: string;
  /** the currency's name: prices are in it per kWh */
  currency: string;
  height: number;
  bands?: TrendBand[];
  testId: string;
}

/** The day's two price lines (import blue, export green) on the plain 24-hour axis. */
export function DayPriceChart({ data, importLabel, exportLabel, currency, height, bands, testId }: DayProps) {
  const t = useT('tariffs');
  const series: TrendSeries[] = useMemo(
    () => [
      { label: importLabel, color: '#1d4ed8', stepwise: true, unit: `${currency}/kWh` },
      { label: exportLabel, color: '#059669', stepwise: true, unit: `${currency}/kWh` },
    ],
    [importLabel, exportLabel, currency],
  );
  return (
    <TrendChart
      series={series}
      data={data}
      range={{ min: 0, max: DAY_S }}
      timeZone="UTC"
      dayClock
      height={height}
      {...(bands ? { bands } : {})}
      xLabel={t('tariffs:preview.hour')}
      testId={testId}
    />
  );
}

/** `currency`: the tariff's (ISO 4217), the unit of both price axes. */
export function PriceChart({ season, index, currency }: { season: Tariff['seasons'][number]; index: number; currency: string }) {
  const t = useT('tariffs');
  const name = useCurrencyName(currency);
  const slots = useMemo(() => [...fromWire([season])[0]!.slots].sort((a, b) => a.start - b.start), [season]);
  const data = useMemo(
    () =>
      dayPriceData(
        slots.map((s) => s.start * 60),
        slots.map((s) => Number(s.fromGrid)),
        slots.map((s) => Number(s.feedIn)),
      ),
    [slots],
  );
  const bands: TrendBand[] = useMemo(
    () => slots.map((s) => ({ from: s.start * 60, to: s.end * 60, color: `${colorOf(s.kind)}22`, label: t(PERIOD_KEY[s.kind]) })),
    [slots, t],
  );
  return (
    <figure data-testid="price-chart" data-season={index}>
      <DayPriceChart
        data={data}
        importLabel={t('tariffs:editor.fromGrid', { currency: name })}
        exportLabel={t('tariffs:editor.feedIn', { currency: name })}
        currency={name}
        height={200}
        bands={bands}
        testId={`price-chart-${index}`}
      />
    </figure>
  );
}
