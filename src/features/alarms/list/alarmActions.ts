// What a row or card of the alarm list offers: the reader's permissions and the list's handlers.
import type { AlarmRecord } from '../../../../streams/alarms/records';

/** what the reader may do to an alarm, by its permissions */
export interface AlarmCan {
  ack: boolean;
  resolve: boolean;
  shelve: boolean;
}

export interface AlarmActions {
  onOpenLog: (r: AlarmRecord) => void;
  onDetail: (alarmId: number) => void;
  onResolve: (r: AlarmRecord) => void;
  onAck: (r: AlarmRecord) => void;
}
