// The stations drawn on a 2D canvas over MapLibre, used where WebGL is rasterized on the CPU
// (softwareWebgl.ts). There a second WebGL context (deck.gl's) costs a shader compilation and a
// read-back of its whole canvas in every frame the compositor commits: on a 2-core machine
// without a GPU, 0.3–0.5 s of blocked main thread at the map's first frame and 40–120 ms at each
// later one. A few hundred circles and glyphs on a 2D canvas take well under a millisecond, are
// drawn in MapLibre's own render event (so they move with every camera frame) and are read out
// for the pointer by geometry instead of a picking pass. The marks are those of DeckStations.
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { MapPoint } from '../../../streams/home/cluster';
import { CLUSTER_FONT_PX, COUNT_OUTLINE, fillOf, glyphOf, glyphPx, inkOf, radiusOf, RIM, type Rgba, type StationLayerProps } from './stationMarks';

const css = (c: Rgba) => `rgba(${c[0]},${c[1]},${c[2]},${(c[3] / 255).toFixed(3)})`;
const FONT = 'ui-sans-serif, system-ui, sans-serif';

interface Placed {
  p: MapPoint;
  x: number;
  y: number;
  r: number;
}

/** The topmost point under (x, y): the last drawn wins, as on the canvas. */
function pickAt(placed: readonly Placed[], x: number, y: number): MapPoint | null {
  for (let i = placed.length - 1; i >= 0; i--) {
    const q = placed[i]!;
    if ((q.x - x) ** 2 + (q.y - y) ** 2 <= q.r ** 2) return q.p;
  }
  return null;
}

export default function CanvasStations({ points, scale, onHover, onClick }: StationLayerProps) {
  const { current } = useMap();
  const props = useRef({ points, scale, onHover, onClick });
  props.current = { points, scale, onHover, onClick };
  const placed = useRef<Placed[]>([]);
  const draw = useRef<() => void>(() => undefined);

  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const canvas = document.createElement('canvas');
    canvas.dataset.testid = 'map-stations-2d';
    canvas.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none';
    map.getCanvasContainer().append(canvas);
    draw.current = () => {
      const { points: pts, scale: s } = props.current;
      const box = map.getContainer();
      const w = box.clientWidth;
      const h = box.clientHeight;
      const dpr = devicePixelRatio || 1;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      const out: Placed[] = [];
      for (const p of pts) {
        const { x, y } = map.project([p.lon, p.lat]);
        const r = radiusOf(p, s);
        if (x < -r || y < -r || x > w + r || y > h + r) continue;
        out.push({ p, x, y, r });
        ctx.beginPath();
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        ctx.fillStyle = css(fillOf(p));
        ctx.fill();
        ctx.lineWidth = 1.5 * s;
        ctx.strokeStyle = css(RIM);
        ctx.stroke();
        const cluster = p.count > 1;
        ctx.font = `700 ${cluster ? CLUSTER_FONT_PX * s : glyphPx(p, s)}px ${FONT}`;
        const text = cluster ? String(p.count) : glyphOf(p);
        if (cluster && s > 1) {
          ctx.lineWidth = 4;
          ctx.strokeStyle = css(COUNT_OUTLINE);
          ctx.strokeText(text, x, y);
        }
        ctx.fillStyle = css(inkOf(p.status));
        ctx.fillText(text, x, y);
      }
      placed.current = out;
    };
    const paint = () => draw.current();
    const hit = (e: { point: { x: number; y: number } }) => pickAt(placed.current, e.point.x, e.point.y);
    const move = (e: { point: { x: number; y: number } }) => {
      const object = hit(e);
      map.getCanvas().style.cursor = object ? 'pointer' : '';
      props.current.onHover({ x: e.point.x, y: e.point.y, object });
    };
    const leave = () => props.current.onHover({ x: 0, y: 0, object: null });
    const click = (e: { point: { x: number; y: number } }) => {
      const object = hit(e);
      if (object) props.current.onClick(object);
    };
    map.on('render', paint);
    map.on('resize', paint);
    map.on('mousemove', move);
    map.on('mouseout', leave);
    map.on('click', click);
    paint();
    return () => {
      map.off('render', paint);
      map.off('resize', paint);
      map.off('mousemove', move);
      map.off('mouseout', leave);
      map.off('click', click);
      canvas.remove();
    };
  }, [current]);

  // new points or a new scale: one 2D redraw, no MapLibre frame
  useEffect(() => draw.current(), [points, scale]);
  return null;
}
