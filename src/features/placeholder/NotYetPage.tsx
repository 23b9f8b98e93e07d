import type { TKey } from '../../i18n/i18n';
import { useT } from '../../hooks/useT';

/** Screens that later issues build: a clear "not available yet" page with the route name. */
export default function NotYetPage({ route }: { route: { name: string; title: TKey; layout: string } }) {
  const t = useT();
  const standalone = route.layout === 'bare';
  return (
    <section data-testid="not-yet" className={`flex flex-col items-center justify-center gap-2 p-10 text-center ${standalone ? 'h-full' : 'min-h-80'}`}>
      <h1 className="text-lg font-semibold">{t(route.title)}</h1>
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
        <strong className="block font-semibold">{t('notYet.title')}</strong>
        {t('notYet.text')}
      </p>
      <p className="font-mono text-xs text-slate-400">{t('notYet.route', { name: route.name })}</p>
    </section>
  );
}
