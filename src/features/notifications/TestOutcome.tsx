// What a test-send found, channel by channel: delivered, or failed with the receiver's reason.
import type { TestOutcome as Outcome } from '../../../streams/notifications/rules';
import type { CommandError } from '../../../streams/commands/command';
import { useT } from '../../hooks/useT';
import { ERROR_KEY } from '../../i18n/codeKeys';
import { CHANNEL_KEY } from './labels';

export type TestState = { name: string; results: Outcome[] | null; error: CommandError | null };

export function TestOutcome({ state, onClose }: { state: TestState; onClose: () => void }) {
  const t = useT('notifications');
  const failed = state.results?.some((r) => r.outcome === 'failed') || state.error !== null;
  return (
    <div
      role="status"
      data-testid="test-outcome"
      data-outcome={state.results === null && !state.error ? 'pending' : failed ? 'failed' : 'sent'}
      className={`mx-3 mt-3 rounded-md border px-3 py-2 text-sm ${failed ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40' : 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40'}`}
    >
      <div className="flex items-start gap-2">
        <strong className="font-semibold">{t('notifications:test.title', { name: state.name })}</strong>
        <button type="button" onClick={onClose} className="ml-auto text-slate-500 hover:text-slate-800 dark:hover:text-slate-200" aria-label={t('app.close')}>
          ×
        </button>
      </div>
      {state.results === null && !state.error && <p>{t('notifications:action.testing')}</p>}
      {state.error && <p className="text-red-700 dark:text-red-300">{t(state.error.code ? ERROR_KEY[state.error.code] : 'errors.network')}</p>}
      <ul className="mt-1 flex flex-col gap-0.5">
        {state.results?.map((r) => (
          <li key={r.channel} data-testid="test-result" data-channel={r.channel} data-outcome={r.outcome} className="flex min-w-0 flex-wrap gap-x-2">
            <span className="font-medium">{t(CHANNEL_KEY[r.channel])}</span>
            <span className="min-w-0 truncate text-slate-600 dark:text-slate-400">{r.address || t('notifications:test.noAddress')}</span>
            <span className={r.outcome === 'sent' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-300'}>
              {r.outcome === 'sent' ? t('notifications:test.sent') : t('notifications:test.failed', { reason: r.error ?? '' })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
