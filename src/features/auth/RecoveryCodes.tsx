// The ten single-use recovery codes, shown once (after enrolment), with a copy button.
import { useT } from '../../hooks/useT';
import { Button } from '../../components/Button';

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useT('system');
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">{t('system:twoFactor.codesTitle')}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('system:twoFactor.codesHint')}</p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-1 rounded-md bg-slate-100 p-3 font-mono dark:bg-slate-800">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <Button onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>{t('system:twoFactor.copy')}</Button>
    </div>
  );
}
