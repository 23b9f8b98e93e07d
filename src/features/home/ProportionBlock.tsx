// The energy-proportion box: its four shares, the station count in the corner and a bar of the
// shares under them (the console's homepage and the wall show the same box).
import type { HomepageStatistics } from '../../../streams/home/homepage';
import type { TFn } from '../../i18n/i18n';
import { StatBlock, type StatFigure } from './StatBlock';

export function ProportionBlock({ s, figures, t }: { s: HomepageStatistics | null; figures: readonly StatFigure[]; t: TFn }) {
  return (
    <StatBlock
      testId="stats-proportion"
      title={t('home:stats.proportion')}
      aside={
        <span className="text-xs text-slate-500">
          {s ? `${t('home:stats.stations')} ${s.stations.total} · ${t('home:stats.online')} ${s.stations.online}` : ''}
        </span>
      }
      figures={figures}
    >
      {s && (
        <div className="mt-2 flex h-2 overflow-hidden rounded" aria-hidden>
          <span style={{ width: `${s.proportion.pvPct}%` }} className="bg-amber-400" />
          <span style={{ width: `${s.proportion.gridPct}%` }} className="bg-sky-500" />
          <span style={{ width: `${s.proportion.essPct}%` }} className="bg-brand-500" />
          <span style={{ width: `${s.proportion.generatorPct}%` }} className="bg-slate-500" />
        </div>
      )}
    </StatBlock>
  );
}
