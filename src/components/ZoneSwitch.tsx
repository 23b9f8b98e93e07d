// Two-way switch between station-local times and the viewer's zone (presentational).
import type { TFn } from '../i18n/i18n';

export function ZoneSwitch({ mode, viewerZone, t, onChange }: { mode: 'station' | 'viewer'; viewerZone: string; t: TFn; onChange: (m: 'station' | 'viewer') => void }) {
  const item = (m: 'station' | 'viewer', label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === m}
      data-testid={`zone-${m}`}
      onClick={() => onChange(m)}
      className={`h-7 px-2.5 text-xs font-medium ${mode === m ? 'bg-brand-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-300'}`}
    >
      {label}
    </button>
  );
  return (
    <span role="radiogroup" aria-label={t('alarms:handling.timeZone')} data-testid="zone-switch" data-mode={mode} className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
      {item('station', t('alarms:handling.stationTime'))}
      {item('viewer', t('alarms:handling.myTime', { zone: viewerZone }))}
    </span>
  );
}
