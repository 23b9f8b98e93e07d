import { useCallback, useEffect, useState } from 'react';

/** Resend countdown in whole seconds (SPEC §5). */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((x) => x - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const start = useCallback((s: number) => setLeft(Math.max(0, Math.round(s))), []);
  return { left, start };
}
