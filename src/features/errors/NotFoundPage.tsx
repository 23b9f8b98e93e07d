import { Link } from 'wouter';
import { useT } from '../../hooks/useT';
import { ROOT_HREF } from '../../lib/paths';

/** SPEC §2: 404 with an image, a title and page_NotFound. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center" data-testid="page-404">
      <img src="/img/404.svg" alt="" width={280} height={180} className="select-none" />
      <h1 className="text-5xl font-bold tracking-tight text-brand-600">{t('notFound.title')}</h1>
      <p className="text-base text-slate-600 dark:text-slate-300">{t('page_NotFound')}</p>
      <Link href={ROOT_HREF} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
