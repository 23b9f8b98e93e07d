// How old a station screen's polled figures are ("12 s ago"; "loading" before the first answer),
// and a warning while the polls fail.
import { useT } from '../../hooks/useT';
import { fmtAge } from './format';

export function LiveAge({ at, failures, now, testId }: { at: number | null; failures: number; now: number; testId: string }) {
  const t = useT('station');
  return (
    <>
      <span className="text-xs text-slate-500" data-testid={testId}>
        {at ? fmtAge(t, at, now) : t('station:common.loading')}
      </span>
      {failures > 0 && <span className="text-xs text-amber-600">{t('station:common.stale', { n: failures })}</span>}
    </>
  );
}
