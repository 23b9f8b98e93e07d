// A minimal polling console, as ThingsBoard's alarm widget and most portals learn of alarms: every
// 5 s it asks the platform for the open alarms (fuzzyAlarmRecord, signed, with the session of the
// console signed in beside it) and redraws its table, one row per alarm (data-alarm-id).
import { buildSignedForm, webCryptoHmacSha256 } from '../../../protocol/signing';
import { CLIENT_HEADER, CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../../protocol/console-key';

const PERIOD_MS = 5000;
const body = document.getElementById('alarms')!;
const w = window as unknown as { polls: number };
w.polls = 0;

async function poll(): Promise<void> {
  const form = await buildSignedForm({
    action: 'fuzzyAlarmRecord',
    payload: { alarmRecordVo: { alarmStatus: 1 }, page: 1, length: 20 },
    accessKeyId: CONSOLE_ACCESS_KEY_ID,
    secret: CONSOLE_ACCESS_KEY_SECRET,
    hmac: webCryptoHmacSha256,
  });
  const res = await fetch('/api/alarm', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [CLIENT_HEADER]: '1',
      locale: 'en_GB',
      authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
    },
    body: form,
  });
  const j = (await res.json()) as { data?: { dataList?: Array<{ alarmId: number; stationName: string; content: string; happenTime: string }> } };
  const rows = j.data?.dataList ?? [];
  body.replaceChildren(
    ...rows.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.alarmId = String(r.alarmId);
      for (const v of [r.stationName, r.content, r.happenTime]) tr.insertCell().textContent = v;
      return tr;
    }),
  );
  w.polls += 1;
}

void poll();
setInterval(() => void poll(), PERIOD_MS);
