// Import a day's dynamic prices from a CSV file (or pasted text): the documented header, one
// interval a line. A refused file stores nothing; each fault is listed at its line and column.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';
import { feedErrorKey, type LineIssue } from './feeds';

export interface CsvImportDialogProps {
  feedName: string;
  issues: readonly LineIssue[];
  pending: boolean;
  onImport: (csv: string) => void;
  onClose: () => void;
}

export function CsvImportDialog({ feedName, issues, pending, onImport, onClose }: CsvImportDialogProps) {
  const t = useT('tariffs');
  const [text, setText] = useState('');
  const field = 'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';
  return (
    <Modal open onClose={onClose} title={t('tariffs:feeds.importTitle', { name: feedName })} width={640} testId="csv-import-dialog">
      <p className="mb-2 text-xs text-slate-500">{t('tariffs:feeds.csvHint')}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor="csv-file" className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('tariffs:feeds.csvFile')}
        </label>
        <input id="csv-file" type="file" accept=".csv,text/csv" className="text-sm" onChange={(e) => void e.target.files?.[0]?.text().then(setText)} />
        <label htmlFor="csv-text" className="mt-2 text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('tariffs:feeds.csvText')}
        </label>
        <textarea
          id="csv-text"
          rows={8}
          className={`${field} font-mono text-xs`}
          value={text}
          placeholder="start,import_price,export_price"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {issues.length > 0 && (
        <div role="alert" className="mt-3 max-h-48 overflow-auto rounded border border-red-200 dark:border-red-900" data-testid="csv-issues">
          <p className="px-2 py-1 text-xs font-medium text-red-700 dark:text-red-400">{t('tariffs:feeds.nothingStored')}</p>
          <table className="w-full text-xs">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="px-2 py-1">{t('tariffs:feeds.line')}</th>
                <th className="px-2 py-1">{t('tariffs:feeds.column')}</th>
                <th className="px-2 py-1">{t('tariffs:feeds.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((i, k) => (
                <tr key={k} data-testid="csv-issue" data-line={i.line} className="border-t border-red-100 dark:border-red-950">
                  <td className="px-2 py-1 tabular-nums">{i.line}</td>
                  <td className="px-2 py-1 font-mono">{i.column || '—'}</td>
                  <td className="px-2 py-1 text-red-700 dark:text-red-400">{t(feedErrorKey(i.issue), { limit: i.limit ?? '' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('tariffs:actions.cancel')}</Button>
        <Button variant="primary" disabled={pending || text.trim() === ''} onClick={() => onImport(text)} data-testid="csv-import-submit">
          {t('tariffs:feeds.import')}
        </Button>
      </div>
    </Modal>
  );
}
