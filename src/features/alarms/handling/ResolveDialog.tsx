// Asks before resolving an alarm (permission alarm.resolve): it names the station, the rule and
// the content, and stays open while the one resolveAlarm runs however often it is clicked.
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import type { TFn } from '../../../i18n/i18n';
import { alarmContent, alarmRuleName } from '../../../lib/alarmText';
import type { AlarmRecord } from '../../../../streams/alarms/records';

export function ResolveDialog({
  alarm,
  busy,
  t,
  onResolve,
  onClose,
}: {
  alarm: AlarmRecord | null;
  busy: boolean;
  t: TFn;
  onResolve: (alarmId: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={alarm !== null} onClose={() => !busy && onClose()} title={t('alarmCenter:list.resolveTitle')} testId="resolve-dialog">
      {alarm && (
        <p className="mb-4 text-sm">
          <span className="block font-medium">
            {alarm.stationName} · {alarmRuleName(alarm.alarmRuleCode, alarm.alarmRuleName)}
          </span>
          <span className="mt-1 block text-slate-500">{alarmContent(alarm)}</span>
          <span className="mt-3 block">{t('alarmCenter:list.resolveConfirm')}</span>
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button data-testid="resolve-cancel" onClick={onClose} disabled={busy}>
          {t('alarmCenter:list.cancel')}
        </Button>
        <Button data-testid="resolve-confirm" variant="primary" disabled={busy} onClick={() => alarm && onResolve(alarm.alarmId)}>
          {t('alarmCenter:list.resolve')}
        </Button>
      </div>
    </Modal>
  );
}
