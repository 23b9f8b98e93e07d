// The export dialog: pick a format, start the job, follow its progress (Cancel stops it), then
// download the file through its short-lived link.
import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { cancelExport, type ExportJob } from '../../../streams/reports/commands';
import { commandError } from '../../../streams/commands/command';
import type { Observable } from 'rxjs';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { EXPORT_FAILURE_KEY, labelOf } from '../../i18n/codeKeys';
import { saveLink } from '../../lib/download';

/** Saves a finished job's file: a plain link click, as the browser's own download. */
export function downloadJob(job: ExportJob): void {
  if (job.downloadUrl) saveLink(job.downloadUrl, job.fileName);
}

export interface ExportDialogProps<F extends string> {
  open: boolean;
  onClose: () => void;
  formats: readonly F[];
  start: (format: F) => Observable<ExportJob>;
}

export function ExportDialog<F extends string>({ open, onClose, formats, start }: ExportDialogProps<F>) {
  const t = useT('reports');
  const { api } = useRuntime();
  const [format, setFormat] = useState<F>(formats[0]!);
  const [job, setJob] = useState<ExportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sub = useRef<Subscription | null>(null);
  useEffect(() => () => sub.current?.unsubscribe(), []);
  const running = job?.status === 'running';
  const begin = () => {
    setError(null);
    setJob(null);
    sub.current?.unsubscribe();
    sub.current = start(format).subscribe({
      next: (j) => {
        setJob(j);
        if (j.status === 'done') downloadJob(j);
      },
      error: (e: unknown) => setError(commandError(e).code ?? 'failed'),
    });
  };
  const cancel = () => job && void cancelExport(api, job.jobId).then(setJob, () => undefined);
  const close = () => {
    sub.current?.unsubscribe();
    setJob(null);
    onClose();
  };
  const pct = Math.round((job?.progress ?? 0) * 100);
  return (
    <Modal open={open} onClose={close} title={t('reports:export.title')} testId="export-dialog">
      <div className="flex flex-col gap-3 text-sm">
        <div role="radiogroup" aria-label={t('reports:export.format')} className="flex gap-4">
          {formats.map((f) => (
            <label key={f} className="flex items-center gap-1">
              <input type="radio" name="export-format" data-testid={`format-${f}`} checked={format === f} disabled={running} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </div>
        {job && (
          <div data-testid="export-status" data-status={job.status}>
            <div
              className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
              role="progressbar"
              aria-valuenow={pct}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {job.status === 'running' && t('reports:export.running', { done: job.rowsDone, total: job.rowsTotal })}
              {job.status === 'done' && t('reports:export.done', { name: job.fileName })}
              {job.status === 'cancelled' && t('reports:export.cancelled')}
              {job.status === 'failed' && t('reports:export.failed', { reason: job.error ? labelOf(EXPORT_FAILURE_KEY, job.error) : '' })}
            </p>
            {job.status === 'done' && job.downloadUrl && (
              <a className="text-brand-600 hover:underline" href={job.downloadUrl} download={job.fileName} data-testid="export-download">
                {t('reports:export.download')}
              </a>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="text-red-600" data-testid="export-error">
            {t('reports:export.failed', { reason: error })}
          </p>
        )}
        <div className="flex justify-end gap-2">
          {running ? (
            <Button data-testid="export-cancel" onClick={cancel}>
              {t('reports:export.cancel')}
            </Button>
          ) : (
            <Button variant="primary" data-testid="export-start" onClick={begin}>
              {t('reports:export.start')}
            </Button>
          )}
          <Button data-testid="export-close" onClick={close}>
            {t('reports:export.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
