// Leaflet with Leaflet.markercluster (ThingsBoard's map engine) on the same stations, viewport
// and base shapes as our map: the same Natural Earth land and borders (GeoJSON on Leaflet's canvas
// renderer, so no tiles are fetched), stations as canvas circle markers (cheaper than DOM icons),
// clusters as the plug-in's DOM icons, chunked loading on. Leaflet's tiles are 256 px where
// MapLibre's are 512 px, so MapLibre zoom 2.2 is Leaflet zoom 3.2.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { stations } from './data';
import { dragFrames } from './timing';
import type { MapView } from './views';

const COLOURS = ['#13a37a', '#f59e0b', '#dc2626', '#94a3b8', '#3b82f6'];

const view: MapView = {
  async mount(n) {
    // the plug-in is a UMD script that extends the global L
    (window as unknown as { L: typeof L }).L = L;
    await import('leaflet.markercluster');
    const box = document.createElement('div');
    box.style.cssText = 'width:1600px;height:900px;background:#dbeafe';
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    const renderer = L.canvas({ padding: 0.5 });
    const map = L.map(box, { preferCanvas: true, renderer, zoomSnap: 0, center: [28, 105], zoom: 3.2, minZoom: 1, maxZoom: 18 });
    const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
    L.geoJSON(feature(topo, topo.objects.countries), { style: { color: '#f8fafc', weight: 0, fillColor: '#f8fafc', fillOpacity: 1 } }).addTo(map);
    L.geoJSON(
      mesh(topo, topo.objects.countries, (a, b) => a !== b),
      { style: { color: '#cbd5e1', weight: 0.6 } },
    ).addTo(map);
    const markers = stations(n).map((s) =>
      L.circleMarker([s.lat, s.lon], {
        renderer,
        radius: 5 + Math.min(12, Math.sqrt(s.installedPower) * 3),
        color: '#fff',
        weight: 1.5,
        fillColor: COLOURS[s.stationStatus],
        fillOpacity: 0.92,
      }),
    );
    await new Promise<void>((res) => {
      const group = L.markerClusterGroup({ chunkedLoading: true, maxClusterRadius: 56, chunkProgress: (done, total) => done === total && res() });
      map.addLayer(group);
      group.addLayers(markers);
    });
    return performance.now() - t0;
  },
  pan: () => dragFrames(document.querySelector('.leaflet-container')!),
};
export default view;
