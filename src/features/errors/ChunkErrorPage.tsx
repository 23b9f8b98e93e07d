import { useT } from '../../hooks/useT';
import { Button } from '../../components/Button';

export function ChunkErrorPage({ chunk }: { chunk: string }) {
  const t = useT();
  return (
    <main role="alert" className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('chunkError.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('chunkError.text', { name: chunk })}</p>
      <Button variant="primary" onClick={() => location.reload()}>
        {t('chunkError.reload')}
      </Button>
    </main>
  );
}
