// Equipment monitoring (route dquipmentMonitoring.dquipmentMonitoring, SPEC §2): a device picker
// by type, the live view of every device of the chosen type (polled every 3 s through
// streams/station/live.ts), a trend of the selected device, and the points view.
import { useMemo, useState } from 'react';
import { DEVICE_TYPES } from '../../../../protocol/codes';
import type { LiveDevice } from '../../../../streams/station/live';
import { useT } from '../../../hooks/useT';
import { typeLabel } from '../format';
import { LiveAge } from '../LiveAge';
import { useNow, useStationLive } from '../hooks';
import { useStationId, useStationInfo } from '../../../hooks/useRouteStation';
import { DeviceTrend } from '../trend/DeviceTrend';
import { DeviceCard } from './DeviceCard';
import { DEFAULT_TREND_POINT } from './deviceViews';
import { PointsTable, type PointRow } from './PointsTable';
import { TabBar } from '../../../widgets/TabBar';

const TABS = [...DEVICE_TYPES, 'points'] as const;
type Tab = (typeof TABS)[number];

export default function EquipmentPage() {
  const t = useT('alarms', 'station');
  const stationId = useStationId();
  const live = useStationLive(stationId);
  const info = useStationInfo(stationId);
  const now = useNow(1000);
  const timeZone = info?.timezone;
  const [tab, setTab] = useState<Tab | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const list = useMemo(() => live.ids.map((id) => live.byId[id]).filter((d): d is LiveDevice => d !== undefined), [live]);
  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const d of list) c[d.type] = (c[d.type] ?? 0) + 1;
    return c;
  }, [list]);
  const tabs = TABS.filter((x) => x === 'points' || counts[x]);
  const current: Tab = tab ?? tabs[0] ?? 'points';
  const devices = useMemo(() => list.filter((d) => d.type === current), [list, current]);
  const picked = selected !== null ? live.byId[selected] : undefined;
  const sel = picked?.type === current ? picked : devices[0];
  const rows = useMemo<PointRow[]>(
    () => list.flatMap((d) => d.points.map((p) => ({ ...p, deviceId: d.deviceId, deviceName: d.name, deviceType: d.type }))),
    [list],
  );

  return (
    <div data-testid="equipment-page" data-polls={live.polls} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{t('station:monitor.title')}</h1>
        <LiveAge at={live.receivedAt} failures={live.failures} now={now} testId="live-age" />
      </div>
      <TabBar
        look="folder"
        label={t('station:monitor.picker')}
        selected={current}
        onChange={setTab}
        items={tabs.map((x) => ({
          id: x,
          testId: `device-tab-${x}`,
          label:
            x === 'points' ? (
              t('station:types.points')
            ) : (
              <>
                {typeLabel(t, x)}
                <span className="ml-1 text-xs text-slate-400">{counts[x]}</span>
              </>
            ),
        }))}
      />
      {current === 'points' ? (
        <PointsTable rows={rows} timeZone={timeZone} />
      ) : (
        <>
          {devices.length === 0 ? (
            <p className="text-sm text-slate-500">{live.polls ? t('station:monitor.noDevices') : t('station:common.loading')}</p>
          ) : (
            <div data-testid="device-grid" className="grid grid-cols-[repeat(auto-fill,minmax(360px,1fr))] gap-3">
              {devices.map((d) => (
                <DeviceCard key={d.deviceId} device={d} now={now} selected={d.deviceId === sel?.deviceId} onSelect={setSelected} timeZone={timeZone} />
              ))}
            </div>
          )}
          {sel && (
            <DeviceTrend
              key={sel.deviceId}
              deviceId={sel.deviceId}
              deviceName={sel.name}
              points={sel.points.map((p) => ({ point: p.point, unit: p.unit }))}
              initialPoint={DEFAULT_TREND_POINT[sel.type] ?? sel.points[0]?.point ?? 'p'}
              timeZone={timeZone}
              syncKey={`station-${stationId}`}
              stationId={stationId ?? undefined}
            />
          )}
          {sel && (
            <details className="rounded-lg border border-slate-200 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900">
              <summary className="cursor-pointer font-medium">
                {t('station:monitor.details')} · {sel.name}
              </summary>
              <PointsTable rows={rows.filter((r) => r.deviceId === sel.deviceId)} timeZone={timeZone} height={260} />
            </details>
          )}
        </>
      )}
    </div>
  );
}
