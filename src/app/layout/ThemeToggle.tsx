import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { useT } from '../../hooks/useT';

/** Light/dark theme; stored in localStorage 'theme' and applied before paint by index.html. */
export function ThemeToggle() {
  const t = useT();
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem('theme', next ? 'dark' : 'light');
    } catch {
      /* ignore */
    }
    setDark(next);
  };
  const label = dark ? t('app.theme.light') : t('app.theme.dark');
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className="inline-flex size-8 items-center justify-center rounded-md hover:bg-slate-200/60 dark:hover:bg-slate-700/60"
    >
      <Icon name={dark ? 'sun' : 'moon'} className="size-4" />
    </button>
  );
}
