import { Link } from 'wouter';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';

export function StationMissing() {
  const t = useT();
  return (
    <section data-testid="station-missing" className="flex flex-col items-center gap-2 p-10 text-center">
      <h1 className="text-lg font-semibold">{t('stationMissing.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('stationMissing.text')}</p>
      <Link href={href('monitorStation.list')} className="text-sm font-medium text-brand-600 hover:underline">
        {t('stationMissing.action')}
      </Link>
    </section>
  );
}
