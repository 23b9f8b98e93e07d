import { useT } from '../../hooks/useT';
import { Button } from '../../components/Button';

/** A screen (or the shell) whose code failed to load: its name and a reload button (SPEC §8). */
export function ChunkErrorPage({ chunk }: { chunk: string }) {
  const t = useT();
  return (
    <section role="alert" data-testid="chunk-error" className="flex h-full min-h-80 flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('chunkError.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('chunkError.text', { name: chunk })}</p>
      <Button variant="primary" onClick={() => location.reload()}>
        {t('chunkError.reload')}
      </Button>
    </section>
  );
}
