// Create or edit a price feed: its name, resolution (15 or 60 minutes), the zone its days and pull
// time are read in, and optionally the URL the server pulls its prices from each day at that time.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useT } from '../../hooks/useT';
import { feedErrorKey } from './feeds';

export interface FeedDraft {
  name: string;
  resolutionMinutes: 15 | 60;
  timezone: string;
  pullUrl: string;
  pullTime: string;
}

export interface FeedDialogProps {
  title: string;
  initial: FeedDraft;
  /** server issues by field */
  serverErrors: Record<string, string>;
  pending: boolean;
  onSave: (d: FeedDraft) => void;
  onClose: () => void;
}

export function FeedDialog({ title, initial, serverErrors, pending, onSave, onClose }: FeedDialogProps) {
  const t = useT('tariffs');
  const [d, setD] = useState(initial);
  const [tried, setTried] = useState(false);
  const local: Record<string, string> = {
    ...(d.name.trim() === '' ? { name: 'required' } : {}),
    ...(d.pullTime && !/^([01]\d|2[0-3]):[0-5]\d$/.test(d.pullTime) ? { pullTime: 'timeError' } : {}),
    ...(d.pullTime && !d.pullUrl.trim() ? { pullTime: 'pullTimeWithoutUrl' } : {}),
  };
  const errors = { ...serverErrors, ...(tried ? local : {}) };
  const err = (f: string) => (errors[f] ? t(feedErrorKey(errors[f])) : null);
  const select = 'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';
  return (
    <Modal open onClose={onClose} title={title} width={560} testId="feed-dialog">
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('tariffs:feeds.name')} value={d.name} onChange={(name) => setD({ ...d, name })} error={err('name')} testId="feed-name" />
        <div className="flex flex-col gap-1">
          <label htmlFor="feed-resolution" className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('tariffs:feeds.resolution')}
          </label>
          <select
            id="feed-resolution"
            className={select}
            value={d.resolutionMinutes}
            onChange={(e) => setD({ ...d, resolutionMinutes: Number(e.target.value) as 15 | 60 })}
          >
            {[15, 60].map((m) => (
              <option key={m} value={m}>
                {t('tariffs:editor.windowMinutes', { n: m })}
              </option>
            ))}
          </select>
          <p className="min-h-4 text-xs leading-4 text-red-600">{err('resolutionMinutes')}</p>
        </div>
        <TextField
          label={t('tariffs:feeds.zone')}
          value={d.timezone}
          onChange={(timezone) => setD({ ...d, timezone })}
          error={err('timezone')}
          testId="feed-zone"
        />
        <TextField
          label={t('tariffs:feeds.pullTime')}
          placeholder="17:00"
          value={d.pullTime}
          onChange={(pullTime) => setD({ ...d, pullTime })}
          error={err('pullTime')}
          testId="feed-pull-time"
        />
        <div className="col-span-2">
          <TextField
            label={t('tariffs:feeds.pullUrl')}
            placeholder="https://"
            value={d.pullUrl}
            onChange={(pullUrl) => setD({ ...d, pullUrl })}
            error={err('pullUrl')}
            hint={t('tariffs:feeds.pullHint')}
            testId="feed-url"
          />
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('tariffs:actions.cancel')}</Button>
        <Button
          variant="primary"
          disabled={pending}
          onClick={() => {
            setTried(true);
            if (Object.keys(local).length === 0) onSave(d);
          }}
          data-testid="feed-save"
        >
          {t('tariffs:actions.save')}
        </Button>
      </div>
    </Modal>
  );
}
