// The homepage map (issue 5): MapLibre through react-map-gl with a deck.gl overlay of stations,
// coloured by status (0-4) and sized by installed power, clustered per zoom (count and worst
// status per cluster), with a hover card; a click on a station opens it, on a cluster zooms in.
// The map is created once; new data (a poll, or a pushed alarm raising a station's status in the
// store) only changes the layer's data, never rebuilds the map. Loaded lazily: maplibre + deck.gl stay out of
// the shell and the homepage's first chunk.
import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { PickingInfo } from '@deck.gl/core';
import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker next to its own module URL, which a bundle does not keep; ship
// the (self-contained) worker file as an asset and point MapLibre at it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Map, NavigationControl, useControl, type MapRef } from 'react-map-gl/maplibre';
import { clusterStations, type MapPoint, type MapStation } from '../../../streams/home/cluster';
import { offlineStyle } from './offlineStyle';
import { slideWhileDragging, type SlidingDrag } from './slideDrag';
import { mapPixelRatio, softwareWebgl } from './softwareWebgl';

setWorkerUrl(workerUrl);

const RGB: Record<number, [number, number, number]> = { 0: [19, 163, 122], 1: [245, 158, 11], 2: [220, 38, 38], 3: [148, 163, 184], 4: [59, 130, 246] };

function DeckOverlay(props: MapboxOverlayProps) {
  const overlay = useControl<MapboxOverlay>(() => new MapboxOverlay(props));
  overlay.setProps(props);
  return null;
}

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
  onOpen: (s: MapStation) => void;
  /** stations with a maintenance window open now: named in the hover label */
  inMaintenance?: ReadonlySet<number>;
  maintenanceLabel?: string;
}

export default function StationMap({ stations, styleUrl, dark = false, height = 420, statusLabel, powerLabel, countLabel, onOpen, inMaintenance, maintenanceLabel = '' }: StationMapProps) {
  const map = useRef<MapRef>(null);
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<SlidingDrag | null>(null);
  /** the reader moved the map before its style loaded (MapLibre's own pan works until then) */
  const movedEarly = useRef(false);
  useEffect(() => () => drag.current?.remove(), []);
  const [zoom, setZoom] = useState(2.2);
  const [hover, setHover] = useState<{ x: number; y: number; p: MapPoint } | null>(null);
  const z = Math.floor(zoom);
  const points = useMemo(() => clusterStations(stations, z, 56), [stations, z]);
  // stations in alarm (1) or fault (2), for tests and diagnostics
  const alarmed = useMemo(() => stations.filter((s) => s.stationStatus === 1 || s.stationStatus === 2).map((s) => `${s.stationId}:${s.stationStatus}`).join(' '), [stations]);
  // MAP_STYLE_URL of the server (GET /map-style.json) switches to a real vector-tile style;
  // the offline style is used until (and unless) one is configured.
  const [serverStyle, setServerStyle] = useState<string | null>(null);
  useEffect(() => {
    if (styleUrl) return;
    let live = true;
    fetch('/map-style.json')
      .then((r) => (r.ok ? (r.json() as Promise<{ url: string | null }>) : { url: null }))
      .then((j) => live && typeof j.url === 'string' && j.url && setServerStyle(j.url), () => undefined);
    return () => {
      live = false;
    };
  }, [styleUrl]);
  const mapStyle = useMemo(() => styleUrl || serverStyle || offlineStyle(dark), [styleUrl, serverStyle, dark]);

  const layers = [
    new ScatterplotLayer<MapPoint>({
      id: 'stations',
      data: points,
      pickable: true,
      getPosition: (p) => [p.lon, p.lat],
      getRadius: (p) => (p.count > 1 ? 9 + Math.min(16, Math.log2(p.count) * 2.5) : 5 + Math.min(12, Math.sqrt(Math.max(0, p.power)) * 3)),
      radiusUnits: 'pixels',
      getFillColor: (p) => [...(RGB[p.status] ?? RGB[3]!), p.count > 1 ? 210 : 235] as [number, number, number, number],
      getLineColor: [255, 255, 255, 230],
      lineWidthMinPixels: 1.5,
      stroked: true,
    }),
    new TextLayer<MapPoint>({
      id: 'cluster-counts',
      data: points.filter((p) => p.count > 1),
      getPosition: (p) => [p.lon, p.lat],
      getText: (p) => String(p.count),
      getSize: 12,
      getColor: [255, 255, 255, 255],
      fontWeight: 700,
      characterSet: '0123456789',
    }),
  ];

  // deck.gl's x and y are on its canvas, which overhangs the box and may be slid (slideDrag.ts)
  const onHover = (info: PickingInfo<MapPoint>) => {
    const c = box.current?.querySelector('canvas')?.getBoundingClientRect();
    const b = box.current?.getBoundingClientRect();
    const at = c && b ? { x: info.x + c.left - b.left, y: info.y + c.top - b.top } : { x: info.x, y: info.y };
    setHover(info.object ? { ...at, p: info.object } : null);
  };
  const onClick = (info: PickingInfo<MapPoint>) => {
    const p = info.object;
    if (!p) return;
    if (p.station) return onOpen(p.station);
    // the flight centres the cluster in the camera, so the camera must be where the box shows
    drag.current?.settle();
    map.current?.flyTo({ center: [p.lon, p.lat], zoom: Math.min(14, z + 2), duration: 500 });
  };

  return (
    <div ref={box} className={`relative h-full overflow-hidden rounded-md ${CONTROLS_IN_VIEW}`} style={{ minHeight: height, background: dark ? '#0b1220' : '#dbeafe' }} data-testid="station-map" data-points={points.length} data-stations={stations.length}
      data-alarmed={alarmed} data-maintenance={inMaintenance ? [...inMaintenance].join(' ') : ''}>
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
        attributionControl={false}
        onLoad={(e) => {
          drag.current?.remove();
          drag.current = slideWhileDragging(e.target, box.current ?? e.target.getContainer());
          // the first view again, now bounded by the visible box (the padding set above), unless
          // the reader has already moved away from it: their view stays
          if (!movedEarly.current) e.target.jumpTo({ center: [INITIAL.longitude, INITIAL.latitude] });
          if (mapPixelRatio() !== devicePixelRatio) e.target.setPixelRatio(mapPixelRatio());
        }}
        onZoom={(e) => setZoom(e.viewState.zoom)}
        onMoveStart={(e) => {
          if (!drag.current && 'originalEvent' in e && e.originalEvent) movedEarly.current = true;
        }}
        // where the map stands after a pan or zoom (read by tests and benchmarks; no re-render)
        onMoveEnd={(e) => {
          if (box.current) box.current.dataset.center = `${e.viewState.longitude.toFixed(2)},${e.viewState.latitude.toFixed(2)}`;
        }}
        style={OVERSCAN}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <DeckOverlay useDevicePixels={mapPixelRatio()} layers={layers} onHover={onHover} onClick={onClick} getCursor={({ isHovering }) => (isHovering ? 'pointer' : 'grab')} />
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
              {inMaintenance?.has(hover.p.station.stationId) && <div data-testid="map-hover-maintenance" className="text-sky-300">{maintenanceLabel}</div>}
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
    </div>
  );
}
