// Mode List (operationModeManagement.operationModeManagement, SPEC §2): the control modes with
// Enable / Shut down, then the peak-load shifting and island mode strategies in tabs.
import { useState } from 'react';
import { STRATEGY_KINDS } from '../../../protocol/codes';
import { useT } from '../../hooks/useT';
import type { StrategyKind } from '../../../streams/strategies/reads';
import { TabBar } from '../../widgets/TabBar';
import { useModesStation } from './hooks';
import { ModeControls } from './ModeControls';
import { StrategyList } from './StrategyList';
import { TAB_KEY } from './texts';

const TABS: readonly StrategyKind[] = STRATEGY_KINDS;

export default function ModesPage() {
  const t = useT('modes');
  const st = useModesStation();
  const [tab, setTab] = useState<StrategyKind>('peakShaving');
  if (!st.stationId) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="modes-page">
      <h1 className="text-lg font-semibold">{t('modes:title')}</h1>
      <ModeControls stationId={st.stationId} canControl={st.canControl} />
      <TabBar items={TABS.map((k) => ({ id: k, label: t(TAB_KEY[k]), testId: `tab-${k}` }))} selected={tab} onChange={setTab} />
      {st.zone && <StrategyList key={tab} kind={tab} st={{ ...st, stationId: st.stationId, zone: st.zone }} />}
    </div>
  );
}
