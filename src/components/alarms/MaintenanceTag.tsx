// "In maintenance" beside a station's name or status (presentational).
import type { TFn } from '../../i18n/i18n';

export function MaintenanceTag({ t, onDark = false }: { t: TFn; onDark?: boolean }) {
  const look = onDark ? 'bg-sky-500/90 text-white' : 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100';
  return (
    <span data-testid="station-in-maintenance" className={`shrink-0 rounded px-1.5 py-px text-[10px] font-semibold whitespace-nowrap ${look}`}>
      {t('alarms:handling.inMaintenance')}
    </span>
  );
}
