import { useObservableEagerState } from 'observable-hooks';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../hooks/useT';
import { soundBank } from './sound';

/** Visible armed/muted state of the alarm sounds; one click arms them. */
export function SoundToggle() {
  const t = useT('alarms');
  const state = useObservableEagerState(soundBank.state$);
  const armed = state === 'armed';
  const label = armed ? t('alarms:soundArmed') : t('alarms:soundMuted');
  return (
    <button
      type="button"
      data-testid="sound-toggle"
      data-state={state}
      aria-pressed={armed}
      aria-label={label}
      title={label}
      onClick={() => soundBank.arm()}
      className={`inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs font-medium ${
        armed
          ? 'text-emerald-700 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-emerald-950'
          : 'bg-amber-100 text-amber-800 hover:bg-amber-200 dark:bg-amber-900/60 dark:text-amber-200'
      }`}
    >
      <Icon name={armed ? 'sound' : 'mute'} className="size-4" />
      {!armed && <span className="hidden lg:inline">{t('alarms:soundMuted')}</span>}
    </button>
  );
}
