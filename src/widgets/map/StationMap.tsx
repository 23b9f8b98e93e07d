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
import { MapHoverCard, MapLegend, MapPointList } from './MapPanels';
import { CLUSTER_FONT_PX, type StationPick } from './stationMarks';

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
  const labels = { statusLabel, powerLabel, countLabel };

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
      {hover && <MapHoverCard hover={hover} {...labels} inMaintenance={inMaintenance} maintenanceLabel={maintenanceLabel} />}
      <MapLegend statusLabel={statusLabel} scale={scale} />
      <MapPointList points={points} listLabel={listLabel} {...labels} onOpen={openPoint} />
    </div>
  );
}
