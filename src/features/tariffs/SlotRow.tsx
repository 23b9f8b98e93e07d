// One slot of a season as fields: start and end (HH:MM, 24:00 ends the day), period, from-grid
// and feed-in price, each with its error under it. Times commit as soon as they read as a time.
import { useEffect, useState } from 'react';
import { PERIODS } from '../../../protocol/codes';
import { useT } from '../../hooks/useT';
import { parseHhmm, toHhmm } from '../../widgets/day-timeline/slots';
import type { TKey } from '../../i18n/i18n';
import type { SlotDraft } from './draft';
import { FieldError } from './errorText';
import type { EditorPart } from './NumberField';
import { PERIOD_COLOR, PERIOD_KEY } from './periods';

// Widths in px: the root font size is a tenth of the window (SPEC §2), so a rem column here was
// as wide as the window and squeezed the times to a character and the prices out of the dialog.
const input = 'h-8 min-w-0 rounded-md border bg-white px-2 text-sm focus:border-brand-500 dark:bg-slate-900';
const border = (bad: boolean) => (bad ? 'border-red-500' : 'border-slate-300 dark:border-slate-600');
const TIME_LABEL = { start: 'tariffs:editor.start', end: 'tariffs:editor.end' } as const satisfies Record<'start' | 'end', TKey>;

function TimeInput({
  value,
  onChange,
  label,
  bad,
  testId,
  readOnly,
}: {
  value: number;
  onChange: (m: number) => void;
  label: string;
  bad: boolean;
  testId: string;
  readOnly: boolean;
}) {
  const [text, setText] = useState(toHhmm(value));
  useEffect(() => setText(toHhmm(value)), [value]);
  const unreadable = parseHhmm(text) === null;
  return (
    <input
      aria-label={label}
      data-testid={testId}
      value={text}
      readOnly={readOnly}
      inputMode="numeric"
      placeholder="HH:MM"
      aria-invalid={bad || unreadable}
      onChange={(e) => {
        setText(e.target.value);
        const m = parseHhmm(e.target.value);
        if (m !== null) onChange(m);
      }}
      onBlur={() => setText(toHhmm(value))}
      className={`${input} ${border(bad || unreadable)} w-[72px] shrink-0 font-mono`}
    />
  );
}

export interface SlotRowProps extends EditorPart {
  slot: SlotDraft;
  path: string;
  index: number;
  canRemove: boolean;
  onChange: (slot: SlotDraft) => void;
  onRemove: () => void;
}

export function SlotRow({ slot, path, index, errors, readOnly, canRemove, onChange, onRemove, currency }: SlotRowProps) {
  const t = useT('tariffs');
  const time = errors[`${path}.time`];
  const fromGrid = errors[`${path}.fromGridPrice`];
  const feedIn = errors[`${path}.feedInPrice`];
  const n = { n: index + 1 };
  const timeInput = (k: 'start' | 'end') => (
    <TimeInput
      value={slot[k]}
      label={`${t(TIME_LABEL[k])} ${index + 1}`}
      bad={!!time}
      testId={`slot-${k}`}
      readOnly={readOnly}
      onChange={(m) => onChange({ ...slot, [k]: m })}
    />
  );
  return (
    <div
      role="group"
      aria-label={t('tariffs:editor.slotRow', n)}
      data-testid="slot-row"
      className="grid grid-cols-[auto_132px_minmax(0,1fr)_minmax(0,1fr)_44px] items-start gap-2"
    >
      <div>
        <div className="flex items-center gap-1">
          <span className="size-3 rounded-sm" style={{ background: PERIOD_COLOR[slot.kind] }} aria-hidden="true" />
          {timeInput('start')}
          <span aria-hidden="true">–</span>
          {timeInput('end')}
        </div>
        <FieldError error={time} testId="slot-time-error" />
      </div>
      <select
        aria-label={`${t('tariffs:editor.periodOf')} ${index + 1}`}
        data-testid="slot-period"
        disabled={readOnly}
        value={slot.kind}
        onChange={(e) => onChange({ ...slot, kind: PERIODS.find((p) => p === e.target.value) ?? slot.kind })}
        className={`${input} ${border(false)} w-full`}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(PERIOD_KEY[p])}
          </option>
        ))}
      </select>
      {(['fromGrid', 'feedIn'] as const).map((field) => (
        <div key={field}>
          <div className="flex items-center gap-1">
            <input
              aria-label={`${t(field === 'fromGrid' ? 'tariffs:editor.fromGrid' : 'tariffs:editor.feedIn', { currency })} ${index + 1}`}
              data-testid={field === 'fromGrid' ? 'slot-from-grid' : 'slot-feed-in'}
              inputMode="decimal"
              readOnly={readOnly}
              value={slot[field]}
              aria-invalid={!!(field === 'fromGrid' ? fromGrid : feedIn)}
              onChange={(e) => onChange({ ...slot, [field]: e.target.value })}
              className={`${input} ${border(!!(field === 'fromGrid' ? fromGrid : feedIn))} flex-1 tabular-nums`}
            />
            <span className="shrink-0 text-xs text-slate-500" data-testid="slot-currency">
              {currency}
            </span>
          </div>
          <FieldError error={field === 'fromGrid' ? fromGrid : feedIn} testId={field === 'fromGrid' ? 'slot-from-grid-error' : 'slot-feed-in-error'} />
        </div>
      ))}
      {!readOnly && (
        <button
          type="button"
          disabled={!canRemove}
          onClick={onRemove}
          aria-label={`${t('tariffs:editor.removeSlot')} ${index + 1}`}
          data-testid="slot-remove"
          className="h-8 w-11 text-lg leading-none text-slate-500 hover:text-red-600 disabled:opacity-30"
        >
          ×
        </button>
      )}
    </div>
  );
}
