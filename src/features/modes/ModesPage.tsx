// Mode List (operationModeManagement.operationModeManagement, SPEC §2): the control modes with
// Enable / Shut down, then the peak-load shifting and island mode strategies in tabs.
import { useState } from 'react';
import { useT } from '../../hooks/useT';
import type { StrategyKind } from '../../../streams/strategies/reads';
import { useModesStation } from './hooks';
import { ModeControls } from './ModeControls';
import { StrategyList } from './StrategyList';
import { TAB_KEY } from './texts';

const TABS: StrategyKind[] = ['peakShaving', 'island'];

export default function ModesPage() {
  const t = useT('modes');
  const st = useModesStation();
  const [tab, setTab] = useState<StrategyKind>('peakShaving');
  if (!st.stationId) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="modes-page">
      <h1 className="text-lg font-semibold">{t('modes:title')}</h1>
      <ModeControls stationId={st.stationId} canControl={st.canControl} />
      <div role="tablist" className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map((k) => (
          <button key={k} role="tab" type="button" aria-selected={tab === k} onClick={() => setTab(k)} data-testid={`tab-${k}`}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${tab === k ? 'border-brand-600 font-medium text-brand-700 dark:text-brand-400' : 'border-transparent text-slate-500'}`}>
            {t(TAB_KEY[k])}
          </button>
        ))}
      </div>
      {st.zone && <StrategyList key={tab} kind={tab} st={{ ...st, stationId: st.stationId, zone: st.zone }} />}
    </div>
  );
}
