// The homepage map: MapLibre through react-map-gl with a layer of stations (deck.gl with a GPU,
// a 2D canvas where WebGL is software: CanvasStations.tsx), coloured by status (0-4) and sized by installed power, clustered per zoom (count and worst
// status per cluster), with a hover card; a click on a station opens it, on a cluster zooms in.
// Status is never colour alone: a station's circle carries its status glyph, a key under the map
// names each glyph, and a list for assistive technology names every point with its status.
// The map is created once; new data (a poll, or a pushed alarm raising a station's status in the
// store) only changes the layer's data, never rebuilds the map. Loaded lazily: maplibre + deck.gl stay out of
// the shell and the homepage's first chunk.
import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker next to its own module URL, which a bundle does not keep; ship
// the (self-contained) worker file as an asset and point MapLibre at it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Map, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { clusterStations, type MapPoint, type MapStation } from '../../../streams/home/cluster';
import CanvasStations from './CanvasStations';
import { offlineStyle } from './offlineStyle';
import { slideWhileDragging, type SlidingDrag } from './slideDrag';
import { mapPixelRatio, softwareWebgl } from './softwareWebgl';
import { CLUSTER_FONT_PX, inkOf, STATUS_GLYPH, STATUS_RGB, type StationPick } from './stationMarks';

setWorkerUrl(workerUrl);

// deck.gl only where a GPU draws it: its own chunk, never loaded under software WebGL
const DeckStations = lazy(() => import('./DeckStations'));
/** which layer draws the stations: `localStorage['ems.mapStations']` = 'deck' | 'canvas' overrides
 *  the choice by renderer (tests of the deck.gl layer on a machine without a GPU) */
const stationsLayer = (): 'deck' | 'canvas' => {
  const forced = typeof localStorage === 'undefined' ? null : localStorage.getItem('ems.mapStations');
  if (forced === 'deck' || forced === 'canvas') return forced;
  return softwareWebgl() ? 'canvas' : 'deck';
};
/** the assistive list names at most this many points (clusters at a low zoom) */
const LISTED = 300;

// The map draws beyond the box by a tenth of its width and height on each side (Leaflet's
// default renderer padding), so a drag that ends within it shows drawn land at the edges and needs
// no redraw until the pointer rests (slideDrag.ts); the zoom buttons' corner moves into the
// visible box: 1/12 of the 1.2× container is the margin.
const INITIAL = { longitude: 105, latitude: 28, zoom: 2.2 };
const OVERSCAN = { position: 'absolute', left: '-10%', top: '-10%', width: '120%', height: '120%' } as const;
// important: MapLibre's own stylesheet is unlayered and would win over a utility layer
// without a GPU a drag slides a picture of the map (dragSnapshot.ts), read from MapLibre's canvas
// between its frames: only a kept drawing buffer still holds it then
const CONTEXT = softwareWebgl() ? { preserveDrawingBuffer: true } : undefined;
const CONTROLS_IN_VIEW = '[&_.maplibregl-ctrl-top-right]:top-[8.3333%]! [&_.maplibregl-ctrl-top-right]:right-[8.3333%]!';

export interface StationMapProps {
  /** statuses already include live alarm pushes (the store raises them) */
  stations: readonly MapStation[];
  styleUrl?: string;
  dark?: boolean;
  /** least height in px; the map fills a taller box (the wall screen's) */
  height?: number;
  statusLabel: (status: number) => string;
  powerLabel: (mw: number) => string;
  countLabel: (n: number) => string;
  /** the name of the list of stations and clusters read out in place of the picture */
  listLabel: string;
  onOpen: (s: MapStation) => void;
  /** stations with a maintenance window open now: named in the hover label */
  inMaintenance?: ReadonlySet<number>;
  maintenanceLabel?: string;
  /**
   * Circles, outlines and cluster numbers × this: the wall screen passes its own scale, so a
   * cluster's count is read from across the room (12 px numbers on a 4K wall are a smudge).
   */
  scale?: number;
  /** show every station: fit the camera to them whenever the set of stations changes (the wall) */
  fit?: boolean;
}

export default function StationMap({
  stations,
  styleUrl,
  dark = false,
  height = 420,
  statusLabel,
  powerLabel,
  countLabel,
  listLabel,
  onOpen,
  inMaintenance,
  maintenanceLabel = '',
  scale = 1,
  fit = false,
}: StationMapProps) {
  const map = useRef<MapRef>(null);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<SlidingDrag | null>(null);
  /** the reader moved the map before its style loaded (MapLibre's own pan works until then) */
  const movedEarly = useRef(false);
  useEffect(() => () => drag.current?.remove(), []);
  const [zoom, setZoom] = useState(2.2);
  const [loaded, setLoaded] = useState(false);
  // a wall shows its own fleet, not the whole of Asia: the camera frames the stations, again
  // when the set changes (a rotation to another provider), never on a mere status change
  const fitKey = fit ? stations.map((s) => s.stationId).join() : '';
  useEffect(() => {
    const m = map.current?.getMap();
    if (!fitKey || !loaded || !m) return;
    let w = 180,
      e = -180,
      so = 90,
      n = -90;
    for (const st of stations) {
      w = Math.min(w, st.lon);
      e = Math.max(e, st.lon);
      so = Math.min(so, st.lat);
      n = Math.max(n, st.lat);
    }
    drag.current?.settle();
    m.fitBounds(
      [
        [w, so],
        [e, n],
      ],
      { padding: 80 * scale, maxZoom: 7, duration: 0 },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new set of stations (fitKey) moves the camera
  }, [fitKey, loaded, scale]);
  const [hover, setHover] = useState<{ x: number; y: number; p: MapPoint } | null>(null);
  const z = Math.floor(zoom);
  // the clustering grid grows with the circles, so larger circles do not overlap
  const points = useMemo(() => clusterStations(stations, z, 56 * scale), [stations, z, scale]);
  // stations in alarm (1) or fault (2), for tests and diagnostics
  const alarmed = useMemo(
    () =>
      stations
        .filter((s) => s.stationStatus === 1 || s.stationStatus === 2)
        .map((s) => `${s.stationId}:${s.stationStatus}`)
        .join(' '),
    [stations],
  );
  // MAP_STYLE_URL of the server (GET /map-style.json) switches to a real vector-tile style;
  // the offline style is used until (and unless) one is configured.
  const [serverStyle, setServerStyle] = useState<string | null>(null);
  useEffect(() => {
    if (styleUrl) return;
    let live = true;
    fetch('/map-style.json')
      .then((r) => (r.ok ? (r.json() as Promise<{ url: string | null }>) : { url: null }))
      .then(
        (j) => live && typeof j.url === 'string' && j.url && setServerStyle(j.url),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [styleUrl]);
  const mapStyle = useMemo(() => styleUrl || serverStyle || offlineStyle(dark), [styleUrl, serverStyle, dark]);

  // a pick's x and y are on the map's canvas, which overhangs the box and may be slid (slideDrag.ts)
  const onHover = (pick: StationPick) => {
    const c = box.current?.querySelector('canvas')?.getBoundingClientRect();
    const b = box.current?.getBoundingClientRect();
    const at = c && b ? { x: pick.x + c.left - b.left, y: pick.y + c.top - b.top } : { x: pick.x, y: pick.y };
    setHover(pick.object ? { ...at, p: pick.object } : null);
  };
  /** a station opens; a cluster is zoomed into (by pointer on the map, or from the keyboard list) */
  const openPoint = (p: MapPoint) => {
    if (p.station) return onOpen(p.station);
    // the flight centres the cluster in the camera, so the camera must be where the box shows
    drag.current?.settle();
    map.current?.flyTo({ center: [p.lon, p.lat], zoom: Math.min(14, z + 2), duration: 500 });
  };
  const [layer] = useState(stationsLayer);
  const layerProps = { points, scale, onHover, onClick: openPoint };

  return (
    <div
      ref={box}
      className={`relative h-full overflow-hidden rounded-md ${CONTROLS_IN_VIEW}`}
      style={{ minHeight: height, background: dark ? '#0b1220' : '#dbeafe' }}
      data-testid="station-map"
      data-points={points.length}
      data-stations={stations.length}
      data-cluster-font={CLUSTER_FONT_PX * scale}
      data-stations-layer={layer}
      data-alarmed={alarmed}
      data-maintenance={inMaintenance ? [...inMaintenance].join(' ') : ''}
    >
      <Map
        ref={map}
        initialViewState={INITIAL}
        mapStyle={mapStyle}
        // world copies: without them MapLibre keeps the world's edge outside the (overscanned) canvas,
        // which at the first zoom holds the centre west of 58° E, far from an Asian fleet
        renderWorldCopies
        // no cross-fade of tiles after a move: each fade frame is a full redraw
        fadeDuration={0}
        canvasContextAttributes={CONTEXT}
        // from the start: a first frame at the screen's ratio, redrawn at the lower one on load,
        // was a second full draw on the CPU without a GPU
        pixelRatio={mapPixelRatio()}
        attributionControl={false}
        onLoad={(e) => {
          drag.current?.remove();
          drag.current = slideWhileDragging(e.target, box.current ?? e.target.getContainer());
          // the first view again, now bounded by the visible box (the padding set above), unless
          // the reader has already moved away from it: their view stays
          if (!movedEarly.current) e.target.jumpTo({ center: [INITIAL.longitude, INITIAL.latitude] });
          setLoaded(true);
        }}
        onZoom={(e) => setZoom(e.viewState.zoom)}
        onMoveStart={(e) => {
          if (!drag.current && 'originalEvent' in e && e.originalEvent) movedEarly.current = true;
        }}
        // where the map stands after a pan or zoom (read by tests and benchmarks; no re-render)
        onMoveEnd={(e) => {
          if (!box.current) return;
          box.current.dataset.center = `${e.viewState.longitude.toFixed(2)},${e.viewState.latitude.toFixed(2)}`;
          box.current.dataset.zoom = e.viewState.zoom.toFixed(2);
        }}
        style={OVERSCAN}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {layer === 'canvas' ? (
          <CanvasStations {...layerProps} />
        ) : (
          <Suspense fallback={null}>
            <DeckStations {...layerProps} />
          </Suspense>
        )}
      </Map>
      {hover && (
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
      )}
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
              style={{
                width: `${1.35}em`,
                height: `${1.35}em`,
                background: `rgb(${STATUS_RGB[s]!.join(',')})`,
                color: `rgb(${inkOf(s).slice(0, 3).join(',')})`,
              }}
            >
              {STATUS_GLYPH[s]}
            </span>
            {statusLabel(s)}
          </li>
        ))}
      </ul>
      {/* the points as buttons for the keyboard and assistive technology: hidden until one has
          focus, then shown as a panel over the map so the focused one is visible */}
      <ul
        aria-label={listLabel}
        data-testid="map-list"
        className="sr-only focus-within:not-sr-only focus-within:absolute focus-within:top-2 focus-within:left-2 focus-within:z-20 focus-within:flex focus-within:max-h-[70%] focus-within:max-w-[60%] focus-within:flex-col focus-within:overflow-y-auto focus-within:rounded-md focus-within:bg-white focus-within:p-1 focus-within:text-sm focus-within:text-slate-800 focus-within:shadow-lg dark:focus-within:bg-slate-900 dark:focus-within:text-slate-100"
      >
        {points.slice(0, LISTED).map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => openPoint(p)} className="w-full rounded px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800">
              {p.station ? `${p.station.stationName}: ${statusLabel(p.status)}` : `${countLabel(p.count)}: ${statusLabel(p.status)}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
