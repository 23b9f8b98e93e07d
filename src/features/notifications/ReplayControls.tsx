// Dead-letter replay in the delivery log: "Replay dead deliveries shown" (asks first, with the
// count), the question for one row's Replay, and what the server answered. The command runs as a
// stream (exhaustMap: a second click while one is out is dropped); the log is re-read after it.
import { useCallback, useState } from 'react';
import { replayDeliveries$ } from '../../../streams/notifications/deliveries';
import type { CommandEvent } from '../../../streams/commands/command';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { ERROR_KEY } from '../../i18n/codeKeys';

/** At most this many per request, as the action takes. */
export const REPLAY_MAX = 100;

type Outcome = CommandEvent<number[], { replayed: number }>;

export function useReplay(onDone: () => void) {
  const [asking, setAsking] = useState<number[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cmd = useCommand(replayDeliveries$, (e) => {
    setOutcome(e);
    if (e.type !== 'pending') {
      setAsking(null);
      onDone();
    }
  });
  const ask = useCallback((ids: number[]) => setAsking(ids.slice(0, REPLAY_MAX)), []);
  return { ask, asking, cancel: () => setAsking(null), run: cmd.run, busy: cmd.pending, outcome };
}

export function ReplayControls({ dead, replay }: { dead: number[]; replay: ReturnType<typeof useReplay> }) {
  const t = useT('notifications');
  const o = replay.outcome;
  const notDead = o?.type === 'failed' && o.error.fields.some((f) => f.issue === 'notDead');
  return (
    <>
      {dead.length > 0 && (
        <Button onClick={() => replay.ask(dead)} disabled={replay.busy} data-testid="log-replay-shown">
          {t('notifications:log.replayShown')} ({Math.min(dead.length, REPLAY_MAX)})
        </Button>
      )}
      {o && o.type !== 'pending' && (
        <p
          role="status"
          className={`w-full text-sm ${o.type === 'failed' ? 'text-red-600' : 'text-emerald-700 dark:text-emerald-400'}`}
          data-testid="log-replay-outcome"
        >
          {o.type === 'succeeded'
            ? t('notifications:log.replayed', { count: o.output.replayed })
            : t('notifications:log.replayFailed', {
                reason: notDead ? t('notifications:log.notDead') : t(o.error.code ? ERROR_KEY[o.error.code] : 'errors.network'),
              })}
        </p>
      )}
      <ConfirmDialog
        open={replay.asking !== null}
        title={t('notifications:log.replayTitle')}
        text={t('notifications:log.replayQuestion', { count: replay.asking?.length ?? 0 })}
        busy={replay.busy}
        onConfirm={() => replay.asking && replay.run(replay.asking)}
        onCancel={replay.cancel}
        confirmLabel={t('notifications:log.replay')}
      />
    </>
  );
}
