// The stations drawn by deck.gl over MapLibre (with a GPU): circles, and the clusters' counts and
// stations' glyphs as two text layers. Each layer's data is a memoised array, so a re-render of
// the page (its clocks tick every second) hands deck.gl the same data and draws nothing again.
import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { PickingInfo } from '@deck.gl/core';
import { useMemo } from 'react';
import { useControl } from 'react-map-gl/maplibre';
import type { MapPoint } from '../../../streams/home/cluster';
import { mapPixelRatio } from './softwareWebgl';
import { CLUSTER_FONT_PX, COUNT_OUTLINE, fillOf, glyphOf, glyphPx, inkOf, radiusOf, RIM, STATUS_GLYPH, type StationLayerProps } from './stationMarks';

function DeckOverlay(props: MapboxOverlayProps) {
  const overlay = useControl<MapboxOverlay>(() => new MapboxOverlay(props));
  overlay.setProps(props);
  return null;
}

export default function DeckStations({ points, scale, onHover, onClick }: StationLayerProps) {
  const clusters = useMemo(() => points.filter((p) => p.count > 1), [points]);
  const singles = useMemo(() => points.filter((p) => p.count === 1), [points]);
  const layers = useMemo(
    () => [
      new ScatterplotLayer<MapPoint>({
        id: 'stations',
        data: points,
        pickable: true,
        getPosition: (p) => [p.lon, p.lat],
        getRadius: (p) => radiusOf(p, scale),
        updateTriggers: { getRadius: scale },
        radiusUnits: 'pixels',
        getFillColor: fillOf,
        getLineColor: RIM,
        lineWidthMinPixels: 1.5 * scale,
        stroked: true,
      }),
      new TextLayer<MapPoint>({
        id: 'cluster-counts',
        data: clusters,
        getPosition: (p) => [p.lon, p.lat],
        getText: (p) => String(p.count),
        getSize: CLUSTER_FONT_PX * scale,
        getColor: (p) => inkOf(p.status),
        fontWeight: 700,
        outlineWidth: scale > 1 ? 2 : 0,
        outlineColor: COUNT_OUTLINE,
        fontSettings: scale > 1 ? { sdf: true } : {},
        characterSet: '0123456789',
      }),
      new TextLayer<MapPoint>({
        id: 'station-glyphs',
        data: singles,
        getPosition: (p) => [p.lon, p.lat],
        getText: glyphOf,
        getSize: (p) => glyphPx(p, scale),
        getColor: (p) => inkOf(p.status),
        updateTriggers: { getSize: scale },
        fontWeight: 700,
        characterSet: Object.values(STATUS_GLYPH).join(''),
      }),
    ],
    [points, clusters, singles, scale],
  );
  return (
    <DeckOverlay
      useDevicePixels={mapPixelRatio()}
      layers={layers}
      onHover={(info: PickingInfo<MapPoint>) => onHover({ x: info.x, y: info.y, object: info.object ?? null })}
      onClick={(info: PickingInfo<MapPoint>) => info.object && onClick(info.object)}
      getCursor={({ isHovering }) => (isHovering ? 'pointer' : 'grab')}
    />
  );
}
