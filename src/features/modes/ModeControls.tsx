// Mode List (SPEC §2/§4): the station's control modes, whether each runs, Enable and Shut down
// each after a confirmation, and the dispatch's outcome as the gateway answers (acknowledged,
// refused with its reason, or timed out), without a reload. Needs `strategy.control` to act.
import { useState } from 'react';
import { map } from 'rxjs';
import { STRATEGY_KINDS, UNANSWERED_REASONS } from '../../../protocol/codes';
import { Button } from '../../components/Button';
import { gatewayReasonText, keyOf } from '../../i18n/codeKeys';
import { useT } from '../../hooks/useT';
import type { Res } from '../../../streams/api/client';
import { setControlMode$, type SetMode } from '../../../streams/strategies/commands';
import { stationMode$, switchRecords$, type StrategyKind, type SwitchRecord } from '../../../streams/strategies/reads';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand, useReload } from './hooks';
import { MODE_KEY, MODE_STATE_KEY, OPERATION_KEY, REASON_KEY } from './texts';
import { useIdRead, type IdRead } from './useIdRead';
import { useLiveWhilePending } from './useLive';

const MODES: readonly StrategyKind[] = STRATEGY_KINDS;
const stationSwitches$: IdRead<Res<'querySwitchRecords'>> = (api, id$, reload$) =>
  switchRecords$(api, id$.pipe(map((stationId) => (stationId === null ? null : { stationId }))), reload$);

function Outcome({ rec }: { rec: SwitchRecord }) {
  const t = useT('modes');
  const op = t(keyOf(OPERATION_KEY, rec.operation) ?? 'modes:control.none');
  const timedOut = rec.status === 2 && (UNANSWERED_REASONS as readonly string[]).includes(rec.reason ?? '');
  const text =
    rec.status === 0
      ? t('modes:control.waiting')
      : rec.status === 1
        ? t('modes:control.acknowledged')
        : t(timedOut ? 'modes:control.timedOut' : 'modes:control.refused', { reason: rec.reason ? gatewayReasonText(rec.reason) : '' });
  const tone = rec.status === 0 ? 'text-slate-600' : rec.status === 1 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600';
  return (
    <p className="text-sm" data-testid="switch-outcome" data-status={rec.status}>
      <span className="text-slate-500">{t('modes:control.lastCommand', { operation: op })}</span> · <span className={tone}>{text}</span>
    </p>
  );
}

export function ModeControls({ stationId, canControl }: { stationId: number; canControl: boolean }) {
  const t = useT('modes');
  const [reload$, reload] = useReload();
  const mode = useIdRead(stationMode$, stationId, reload$);
  const latest = useIdRead(stationSwitches$, stationId, reload$);
  const last = latest.data?.dataList[0] ?? null;
  useLiveWhilePending(last?.status === 0, reload);
  const [asking, setAsking] = useState<SetMode | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cmd = useCommand(setControlMode$, (e) => {
    if (e.type === 'pending') return;
    setAsking(null);
    setRefusal(e.type === 'failed' ? t(REASON_KEY[e.error.reason ?? ''] ?? 'modes:errors.failed') : null);
    reload();
  });
  // enabled decides the buttons; the state what runs now (one mode at a time, the other says why)
  const running = (m: StrategyKind) => (m === 'peakShaving' ? mode.data?.peakShavingEnabled : mode.data?.islandEnabled) ?? false;
  const state = (m: StrategyKind) => (m === 'peakShaving' ? mode.data?.peakShavingState : mode.data?.islandState) ?? 'off';
  const modeName = (m: StrategyKind) => t(MODE_KEY[m]);
  const current =
    MODES.filter((m) => state(m) === 'running')
      .map(modeName)
      .join(' · ') || t('modes:control.none');

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="mode-controls"
      data-loaded={mode.data !== null}
    >
      <p className="text-sm">
        <span className="text-slate-500">{t('modes:control.current')}:</span> <strong data-testid="current-mode">{current}</strong>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {MODES.map((m) => (
          <div
            key={m}
            className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
            data-testid={`mode-${m}`}
            data-running={running(m)}
            data-state={state(m)}
          >
            <span className={`size-2.5 rounded-full ${state(m) === 'running' ? 'bg-emerald-500' : running(m) ? 'bg-amber-400' : 'bg-slate-400'}`} />
            <span className="font-medium">{modeName(m)}</span>
            <span className="text-sm text-slate-500" data-testid={`mode-state-${m}`}>
              {t(MODE_STATE_KEY[state(m)])}
            </span>
            {canControl && (
              <span className="ml-auto flex gap-2">
                <Button
                  variant="primary"
                  className="max-sm:h-11"
                  disabled={!mode.data || running(m) || cmd.pending}
                  onClick={() => setAsking({ stationId, mode: m, enabled: true })}
                  data-testid={`enable-${m}`}
                >
                  {t('modes:control.enable')}
                </Button>
                <Button
                  variant="danger"
                  className="disabled:opacity-50 max-sm:h-11"
                  disabled={!mode.data || !running(m) || cmd.pending}
                  onClick={() => setAsking({ stationId, mode: m, enabled: false })}
                  data-testid={`shutdown-${m}`}
                >
                  {t('modes:control.shutDown')}
                </Button>
              </span>
            )}
          </div>
        ))}
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-red-600" data-testid="switch-refused">
          {refusal}
        </p>
      )}
      {last && <Outcome rec={last} />}
      <ConfirmDialog
        open={asking !== null}
        busy={cmd.pending}
        title={asking ? t(asking.enabled ? 'modes:control.confirmEnableTitle' : 'modes:control.confirmShutDownTitle', { mode: modeName(asking.mode) }) : ''}
        text={asking ? t(asking.enabled ? 'modes:control.confirmEnableText' : 'modes:control.confirmShutDownText', { mode: modeName(asking.mode) }) : ''}
        onConfirm={() => asking && cmd.run(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
