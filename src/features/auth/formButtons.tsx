// The buttons the sign-in and password forms share: the full-width submit, and the send-code
// button beside a field that counts down until a code may be asked for again.
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';

export function SubmitButton({ busy, testId, children }: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" disabled={busy} className="mt-2 h-9 w-full" data-testid={testId}>
      {children}
    </Button>
  );
}

/** `left`: seconds until another code may be sent (0: now). */
export function SendCodeButton({ left, onClick, testId }: { left: number; onClick: () => void; testId: string }) {
  const t = useT('auth');
  return (
    <Button onClick={onClick} disabled={left > 0} className="h-9 min-w-28 whitespace-nowrap" data-testid={testId}>
      {left > 0 ? t('auth:login.resendIn', { count: left }) : t('auth:login.sendCode')}
    </Button>
  );
}
