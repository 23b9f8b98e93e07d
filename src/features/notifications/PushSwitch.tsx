// Browser push on this device: its state and the one button that turns it on or off. On, the
// rules with the push channel reach this browser even with the console closed.
import { useEffect, useState } from 'react';
import { pushState, setPush$, thisBrowser, type PushState } from '../../../streams/notifications/push';
import { Button } from '../../components/Button';
import { useCommand } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { ERROR_KEY } from '../../i18n/codeKeys';

const TEXT = {
  unsupported: 'notifications:push.unsupported',
  denied: 'notifications:push.denied',
  off: 'notifications:push.off',
  on: 'notifications:push.on',
} as const;

export function PushSwitch() {
  const t = useT('notifications');
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void pushState(thisBrowser()).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  const toggle = useCommand(setPush$, (e) => e.type === 'succeeded' && setState(e.output.state));
  const last = toggle.last;
  const failed =
    last?.type === 'failed'
      ? last.error.code
        ? t(ERROR_KEY[last.error.code])
        : t('errors.network')
      : last?.type === 'succeeded'
        ? last.output.browserError
        : null;
  if (state === null) return null;
  return (
    <div
      className="mx-3 mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
      data-testid="push-switch"
      data-state={state}
    >
      <strong className="font-semibold">{t('notifications:push.title')}</strong>
      <span className="min-w-0 text-slate-600 dark:text-slate-400">{t(TEXT[state])}</span>
      {(state === 'on' || state === 'off') && (
        <Button className="ml-auto" disabled={toggle.pending} onClick={() => toggle.run(state === 'off')} data-testid="push-toggle">
          {t(state === 'off' ? 'notifications:push.enable' : 'notifications:push.disable')}
        </Button>
      )}
      {failed && (
        <p role="alert" className="w-full text-red-600" data-testid="push-error">
          {t('notifications:push.failed', { reason: failed })}
        </p>
      )}
    </div>
  );
}
