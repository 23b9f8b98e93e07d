// An offline MapLibre style built from Natural Earth shapes shipped with the app (world-atlas
// 110m): no tiles, no glyphs, no network. Rings that cross the antimeridian are unwrapped (a
// jump of more than 180° in longitude continues past ±180 instead of streaking across the map).
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

type Pos = number[];
const unwrapRing = (ring: Pos[]): Pos[] => {
  let shift = 0;
  return ring.map((p, i) => {
    if (i > 0) {
      const d = p[0]! - ring[i - 1]![0]!;
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    return [p[0]! + shift, p[1]!];
  });
};

/** Unwrap every ring so successive points never jump by more than 180° of longitude. */
export function unwrapGeometry(g: GeoJSON.Geometry): GeoJSON.Geometry {
  if (g.type === 'Polygon') return { ...g, coordinates: g.coordinates.map(unwrapRing) };
  if (g.type === 'MultiPolygon') return { ...g, coordinates: g.coordinates.map((poly) => poly.map(unwrapRing)) };
  if (g.type === 'MultiLineString') return { ...g, coordinates: g.coordinates.map(unwrapRing) };
  if (g.type === 'LineString') return { ...g, coordinates: unwrapRing(g.coordinates) };
  return g;
}

let cached: StyleSpecification | null = null;

export function offlineStyle(dark = false): StyleSpecification {
  if (cached && !dark) return cached;
  const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
  const land = feature(topo, topo.objects.countries) as GeoJSON.FeatureCollection;
  land.features = land.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) }));
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b) as GeoJSON.MultiLineString;
  const style: StyleSpecification = {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land },
      borders: { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: unwrapGeometry(borders) } },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': dark ? '#0b1220' : '#dbeafe' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': dark ? '#1e293b' : '#f8fafc' } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': dark ? '#334155' : '#cbd5e1', 'line-width': 0.6 } },
    ],
  };
  if (!dark) cached = style;
  return style;
}
