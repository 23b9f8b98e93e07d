// The console's clock setting (station / UTC / browser), shown in the header beside the user
// menu: one choice for every list that spans stations (presentational; the setting itself is
// src/hooks/useZoneMode.ts).
import type { TFn } from '../i18n/i18n';
import { ZONE_MODES, type ZoneMode } from '../hooks/useZoneMode';
import { RadioButtons } from './RadioButtons';

const LABEL = { station: 'app.clock.station', utc: 'app.clock.utc', browser: 'app.clock.browser' } as const;
const HINT = { station: 'app.clock.stationHint', utc: 'app.clock.utcHint', browser: 'app.clock.browserHint' } as const;

export function ZoneSwitch({ mode, viewerZone, t, onChange }: { mode: ZoneMode; viewerZone: string; t: TFn; onChange: (m: ZoneMode) => void }) {
  return (
    <RadioButtons
      label={t('app.clock.label')}
      title={t('app.clock.label')}
      data-testid="zone-switch"
      data-mode={mode}
      size="small"
      choices={ZONE_MODES}
      value={mode}
      onChange={onChange}
      labelOf={(m) => t(LABEL[m])}
      titleOf={(m) => t(HINT[m], { zone: viewerZone })}
      testIdOf={(m) => `zone-${m}`}
    />
  );
}
