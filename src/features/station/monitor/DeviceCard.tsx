// One device's live view: name, online/offline, data age, headline state and its type's figures.
import type { LiveDevice } from '../../../../streams/station/live';
import { useT } from '../../../hooks/useT';
import { fmtAge } from '../format';
import { fieldsOf, headlineState } from './deviceViews';

const toneClass = { good: 'text-emerald-600 dark:text-emerald-400', warn: 'text-amber-600', bad: 'text-red-600' } as const;

export function DeviceCard({
  device,
  now,
  selected,
  onSelect,
  timeZone,
}: {
  device: LiveDevice;
  now: number;
  selected: boolean;
  onSelect: (id: number) => void;
  timeZone?: string;
}) {
  const t = useT('station');
  const state = headlineState(device);
  const fields = fieldsOf(device, t, timeZone);
  return (
    <article
      data-testid="device-card"
      data-device={device.deviceId}
      data-type={device.type}
      data-online={device.online ? '1' : '0'}
      data-state-code={device.state ?? ''}
      data-selected={selected ? 'true' : 'false'}
      className={`rounded-lg border bg-white p-3 text-sm shadow-sm dark:bg-slate-900 ${selected ? 'border-sky-500 ring-1 ring-sky-500' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onSelect(device.deviceId)}
        className="flex w-full items-center gap-2 text-left"
        data-testid="device-select"
      >
        <span className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${device.online ? 'bg-emerald-500' : 'bg-slate-400'}`} aria-hidden />
        <span className="min-w-0 flex-1 truncate font-semibold">{device.name}</span>
        <span
          data-testid="device-online"
          className={`rounded px-1.5 text-xs ${device.online ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300' : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'}`}
        >
          {device.online ? t('station:common.online') : t('station:common.offline')}
        </span>
      </button>
      <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
        <span data-testid="device-age">{fmtAge(t, device.lastSeen, now)}</span>
        {state && (
          <span data-testid="device-state" className="rounded bg-sky-100 px-1.5 py-0.5 font-medium text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
            {t(state)}
          </span>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
        {fields.map((f) => (
          <div key={f.id} className={`flex min-w-0 items-baseline justify-between gap-2 ${f.wide ? 'col-span-2' : ''}`} data-field={f.id}>
            <dt className="truncate text-xs text-slate-500 dark:text-slate-400">{f.label}</dt>
            <dd data-testid="device-value" className={`whitespace-nowrap font-mono tabular-nums ${f.tone ? toneClass[f.tone] : ''}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
