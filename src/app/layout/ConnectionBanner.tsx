// Connection status: a banner when the push channel or the API is down, with how
// long ago data last arrived.
import { useEffect, useState } from 'react';
import { selectConnection } from '../../../streams/selectors';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';

export function ConnectionBanner() {
  const t = useT();
  const c = useStoreValue(selectConnection);
  const down = c.push === 'offline' || c.api === 'offline';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!down) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [down]);
  if (!down) return null;
  const ago = c.lastDataAt === null ? null : Math.max(0, Math.round((now - c.lastDataAt) / 1000));
  const agoText =
    ago === null
      ? t('connection.never')
      : t('connection.lastData', { ago: ago < 120 ? t('connection.seconds', { count: ago }) : t('connection.minutes', { count: Math.floor(ago / 60) }) });
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
      {c.network === 'offline' ? t('connection.networkDown') : c.api === 'offline' ? t('connection.apiDown') : t('connection.pushDown')} {agoText}
    </div>
  );
}
