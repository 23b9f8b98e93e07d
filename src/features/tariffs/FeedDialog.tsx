// Create or edit a price feed: its name, resolution (15 or 60 minutes), the zone its days and pull
// time are read in, and optionally the URL the server pulls its prices from each day at that time.
import { isHhMm } from '../../components/form/checks';
import { FormDialog } from '../../components/form/FormDialog';
import { useDraftDialog, type DraftDialogProps } from '../../components/form/useDraftForm';
import { SelectField } from '../../components/form/ChoiceFields';
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

export interface FeedDialogProps extends DraftDialogProps<FeedDraft> {
  title: string;
  /** server issues by field */
  serverErrors: Record<string, string>;
}

/** The form's own rules (the server's too), as the server's issue codes by field. */
const checkFeed = (d: FeedDraft): Record<string, string> => ({
  ...(d.name.trim() === '' ? { name: 'required' } : {}),
  ...(d.pullTime && !isHhMm(d.pullTime) ? { pullTime: 'timeError' } : {}),
  ...(d.pullTime && !d.pullUrl.trim() ? { pullTime: 'pullTimeWithoutUrl' } : {}),
});

export function FeedDialog({ title, serverErrors, ...props }: FeedDialogProps) {
  const t = useT('tariffs');
  const { draft: d, setDraft: setD, shown, text: bind, frame } = useDraftDialog(props, checkFeed);
  const errors: Record<string, string | undefined> = { ...serverErrors, ...shown };
  const err = (f: string) => (errors[f] ? t(feedErrorKey(errors[f])) : null);
  return (
    <FormDialog {...frame} title={title} name="feed" saveLabel={t('tariffs:actions.save')} bodyClassName="grid grid-cols-2 gap-3">
      <TextField label={t('tariffs:feeds.name')} {...bind('name')} error={err('name')} testId="feed-name" />
      <SelectField
        label={t('tariffs:feeds.resolution')}
        value={d.resolutionMinutes}
        onChange={(m) => setD({ ...d, resolutionMinutes: Number(m) as 15 | 60 })}
        error={err('resolutionMinutes')}
        options={[15, 60].map((m) => ({ value: m, label: t('tariffs:editor.windowMinutes', { n: m }) }))}
      />
      <TextField label={t('tariffs:feeds.zone')} {...bind('timezone')} error={err('timezone')} testId="feed-zone" />
      <TextField label={t('tariffs:feeds.pullTime')} placeholder="17:00" {...bind('pullTime')} error={err('pullTime')} testId="feed-pull-time" />
      <div className="col-span-2">
        <TextField
          label={t('tariffs:feeds.pullUrl')}
          placeholder="https://"
          {...bind('pullUrl')}
          error={err('pullUrl')}
          hint={t('tariffs:feeds.pullHint')}
          testId="feed-url"
        />
      </div>
    </FormDialog>
  );
}
