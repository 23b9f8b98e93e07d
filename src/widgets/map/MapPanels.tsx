// What the station map shows over its picture: the hover card, the key of status glyphs, and
// the points as a list for the keyboard and assistive technology (status is never colour alone).
import type { MapPoint } from '../../../streams/home/cluster';
import { inkOf, STATUS_GLYPH, STATUS_RGB } from './stationMarks';

interface Labels {
  statusLabel: (status: number) => string;
  powerLabel: (mw: number) => string;
  countLabel: (n: number) => string;
}

interface HoverProps extends Labels {
  hover: { x: number; y: number; p: MapPoint };
  inMaintenance?: ReadonlySet<number>;
  maintenanceLabel: string;
}

export function MapHoverCard({ hover, statusLabel, powerLabel, countLabel, inMaintenance, maintenanceLabel }: HoverProps) {
  return (
    <div
      className="pointer-events-none absolute z-10 min-w-40 rounded-md bg-slate-900/90 px-3 py-2 text-xs text-white shadow-lg"
      style={{ left: hover.x + 12, top: hover.y + 12 }}
      data-testid="map-hover"
    >
      {hover.p.station ? (
        <>
          <div className="font-semibold">{hover.p.station.stationName}</div>
          <div>{statusLabel(hover.p.status)}</div>
          {inMaintenance?.has(hover.p.station.stationId) && (
            <div data-testid="map-hover-maintenance" className="text-sky-300">
              {maintenanceLabel}
            </div>
          )}
          <div>{powerLabel(hover.p.power)}</div>
        </>
      ) : (
        <>
          <div className="font-semibold">{countLabel(hover.p.count)}</div>
          <div>{statusLabel(hover.p.status)}</div>
          <div>{powerLabel(hover.p.power)}</div>
        </>
      )}
    </div>
  );
}

/** the key under the map: each status's glyph on its colour, and its name */
export function MapLegend({ statusLabel, scale }: { statusLabel: (status: number) => string; scale: number }) {
  return (
    <ul
      data-testid="map-legend"
      className="absolute bottom-2 left-2 z-10 flex flex-wrap gap-x-3 gap-y-1 rounded-md bg-white/90 px-2 py-1 text-xs text-slate-700 shadow-sm dark:bg-slate-900/90 dark:text-slate-200"
      style={{ fontSize: 12 * scale }}
    >
      {[0, 1, 2, 3, 4].map((s) => (
        <li key={s} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-flex items-center justify-center rounded-full font-bold"
            style={{ width: `${1.35}em`, height: `${1.35}em`, background: `rgb(${STATUS_RGB[s]!.join(',')})`, color: `rgb(${inkOf(s).slice(0, 3).join(',')})` }}
          >
            {STATUS_GLYPH[s]}
          </span>
          {statusLabel(s)}
        </li>
      ))}
    </ul>
  );
}

/** the assistive list names at most this many points (clusters at a low zoom) */
const LISTED = 300;

interface ListProps extends Omit<Labels, 'powerLabel'> {
  points: MapPoint[];
  listLabel: string;
  onOpen: (p: MapPoint) => void;
}

/** the points as buttons: hidden until one has focus, then shown as a panel over the map so the
 *  focused one is visible */
export function MapPointList({ points, listLabel, statusLabel, countLabel, onOpen }: ListProps) {
  return (
    <ul
      aria-label={listLabel}
      data-testid="map-list"
      className="sr-only focus-within:not-sr-only focus-within:absolute focus-within:top-2 focus-within:left-2 focus-within:z-20 focus-within:flex focus-within:max-h-[70%] focus-within:max-w-[60%] focus-within:flex-col focus-within:overflow-y-auto focus-within:rounded-md focus-within:bg-white focus-within:p-1 focus-within:text-sm focus-within:text-slate-800 focus-within:shadow-lg dark:focus-within:bg-slate-900 dark:focus-within:text-slate-100"
    >
      {points.slice(0, LISTED).map((p) => (
        <li key={p.id}>
          <button type="button" onClick={() => onOpen(p)} className="w-full rounded px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800">
            {p.station ? `${p.station.stationName}: ${statusLabel(p.status)}` : `${countLabel(p.count)}: ${statusLabel(p.status)}`}
          </button>
        </li>
      ))}
    </ul>
  );
}
