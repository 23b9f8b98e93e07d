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

/** `currency`: the tariff's (ISO 4217), the unit of both price axes. */
export function PriceChart({ season, index, currency }: { season: Tariff['seasons'][number]; index: number; currency: string }) {
  const t = useT('tariffs');
  const name = useCurrencyName(currency);
  const slots = useMemo(() => [...fromWire([season])[0]!.slots].sort((a, b) => a.start - b.start), [season]);
  const data = useMemo(() => {
    const xs = [...slots.map((s) => s.start * 60), DAY_S];
    const g = [...slots.map((s) => Number(s.fromGrid)), Number(slots.at(-1)?.fromGrid ?? 0)];
    const f = [...slots.map((s) => Number(s.feedIn)), Number(slots.at(-1)?.feedIn ?? 0)];
    return [xs, g, f] as [number[], number[], number[]];
  }, [slots]);
  const series: TrendSeries[] = useMemo(
    () => [
      { label: t('tariffs:editor.fromGrid', { currency: name }), color: '#1d4ed8', stepwise: true, unit: `${name}/kWh` },
      { label: t('tariffs:editor.feedIn', { currency: name }), color: '#059669', stepwise: true, unit: `${name}/kWh` },
    ],
    [t, name],
  );
  const bands: TrendBand[] = useMemo(
    () => slots.map((s) => ({ from: s.start * 60, to: s.end * 60, color: `${colorOf(s.kind)}22`, label: t(PERIOD_KEY[s.kind]) })),
    [slots, t],
  );
  return (
    <figure data-testid="price-chart" data-season={index}>
      <TrendChart
        series={series}
        data={data}
        range={{ min: 0, max: DAY_S }}
        timeZone="UTC"
        dayClock
        height={200}
        bands={bands}
        xLabel={t('tariffs:preview.hour')}
        testId={`price-chart-${index}`}
      />
    </figure>
  );
}
