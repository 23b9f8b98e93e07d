// The alarm detail shared by the alarm center and a station's alarm log: what the alarm is, its
// handling state, its timeline, and (each with its permission) acknowledge with a note, assign
// and comment. Refusals show at the field they concern; the list re-reads after each write.
import { useState } from 'react';
import type { TFn } from '../../../i18n/i18n';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { Zone } from '../../../../protocol/site-time';
import { ALARM_STATUS } from '../../../../protocol/codes';
import { formatDateTime } from '../../../lib/dateTime';
import { alarmContent, alarmRuleName } from '../../../lib/alarmText';
import { useAlarmDetail } from '../../../hooks/useAlarmDetail';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { AlarmTimeline } from './AlarmTimeline';
import { HandlingMarks } from './HandlingMarks';
import { FieldIssue, issueText } from './fieldIssue';
import { AssignForm } from './AssignForm';

const area = 'w-full rounded-md border border-slate-300 p-2 text-sm dark:border-slate-600 dark:bg-slate-900';

export function AlarmDetailDialog({
  alarm,
  zone,
  t,
  onClose,
  onChanged,
}: {
  alarm: AlarmRecord;
  /** the zone the times are read in (the station's or the viewer's) */
  zone: Zone;
  t: TFn;
  onClose: () => void;
  onChanged: () => void;
}) {
  const d = useAlarmDetail(alarm.alarmId, onChanged);
  const [note, setNote] = useState('');
  const [text, setText] = useState('');
  const fmt = (iso: string) => formatDateTime(iso, zone);
  const open = alarm.alarmStatus === ALARM_STATUS.unresolved;
  const busy = d.ack.pending || d.assign.pending || d.comment.pending;
  return (
    <Modal open onClose={() => !busy && onClose()} title={t('alarms:handling.detailTitle')} width={560} testId="alarm-detail">
      <div className="mb-3 text-sm" data-alarm={alarm.alarmId}>
        <p className="font-medium">
          {alarm.stationName} · {alarmRuleName(alarm.alarmRuleCode, alarm.alarmRuleName)}
        </p>
        <p className="mt-1 text-slate-500">{alarmContent(alarm)}</p>
        <p data-testid="detail-time" className="mt-1 font-mono text-xs text-slate-500">
          {fmt(alarm.happenTime)} ({zone})
        </p>
        <div className="mt-2">
          <HandlingMarks h={alarm} t={t} fmt={fmt} />
        </div>
      </div>
      <h3 className="mb-2 text-xs font-semibold uppercase text-slate-500">{t('alarms:handling.timeline')}</h3>
      <AlarmTimeline list={d.timeline} t={t} fmt={fmt} />
      <FieldIssue testId="detail-conflict" text={issueText(t, d.ack.last, 'alarmId') || issueText(t, d.assign.last, 'alarmId')} />
      {d.can.ack && open && !alarm.ackedAt && (
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
          <label className="block text-sm">
            <span className="mb-1 block text-slate-600 dark:text-slate-300">{t('alarms:handling.note')}</span>
            <textarea data-testid="ack-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className={area} />
          </label>
          <FieldIssue testId="ack-note-error" text={issueText(t, d.ack.last, 'note')} />
          <Button
            data-testid="ack-confirm"
            variant="primary"
            disabled={d.ack.pending}
            onClick={() => d.ack.run({ alarmId: alarm.alarmId, ...(note.trim() ? { note: note.trim() } : {}) })}
          >
            {t('alarms:handling.ack')}
          </Button>
        </div>
      )}
      {d.can.assign && open && <AssignForm alarm={alarm} model={d} t={t} />}
      {d.can.comment && (
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
          <textarea
            data-testid="comment-text"
            rows={2}
            maxLength={1000}
            value={text}
            placeholder={t('alarms:handling.commentPlaceholder')}
            aria-label={t('alarms:handling.comment')}
            onChange={(e) => setText(e.target.value)}
            className={area}
          />
          <FieldIssue testId="comment-error" text={issueText(t, d.comment.last, 'text')} />
          <Button
            data-testid="comment-add"
            disabled={d.comment.pending || !text.trim()}
            onClick={() => {
              d.comment.run({ alarmId: alarm.alarmId, text: text.trim() });
              setText('');
            }}
          >
            {t('alarms:handling.addComment')}
          </Button>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <Button data-testid="detail-close" onClick={onClose} disabled={busy}>
          {t('alarms:handling.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
