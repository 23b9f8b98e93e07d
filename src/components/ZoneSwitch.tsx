// The console's clock setting (station / UTC / browser), shown in the header beside the user
// menu: one choice for every list that spans stations (presentational; the setting itself is
// src/hooks/useZoneMode.ts).
import type { TFn } from '../i18n/i18n';
import { ZONE_MODES, type ZoneMode } from '../hooks/useZoneMode';

const LABEL = { station: 'app.clock.station', utc: 'app.clock.utc', browser: 'app.clock.browser' } as const;
const HINT = { station: 'app.clock.stationHint', utc: 'app.clock.utcHint', browser: 'app.clock.browserHint' } as const;

export function ZoneSwitch({ mode, viewerZone, t, onChange }: { mode: ZoneMode; viewerZone: string; t: TFn; onChange: (m: ZoneMode) => void }) {
  return (
    <span
      role="radiogroup"
      aria-label={t('app.clock.label')}
      title={t('app.clock.label')}
      data-testid="zone-switch"
      data-mode={mode}
      className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600"
    >
      {ZONE_MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          title={t(HINT[m], { zone: viewerZone })}
          data-testid={`zone-${m}`}
          onClick={() => onChange(m)}
          className={`h-7 px-2 text-xs font-medium ${mode === m ? 'bg-brand-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-300'}`}
        >
          {t(LABEL[m])}
        </button>
      ))}
    </span>
  );
}
