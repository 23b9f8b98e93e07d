// Animated energy-flow diagram: PV, grid, generator, ESS, load and charging piles around a bus,
// each edge labelled with its live power and animated in the direction energy flows.
// Sign conventions (queryStationOverview.flow): grid + import, ESS + discharge; others ≥ 0.
import { useT } from '../../../hooks/useT';
import { keysOf } from '../../../i18n/codeKeys';
import type { TKey } from '../../../i18n/i18n';
import { fmtNum } from '../format';

export interface Flow {
  pvKw: number;
  essKw: number;
  gridKw: number;
  generatorKw: number;
  loadKw: number;
  chargingKw: number;
}

const NODES = ['pv', 'grid', 'generator', 'ess', 'load', 'charging'] as const;
type Node = (typeof NODES)[number];
const NODE_KEY = keysOf('station:overview.node', NODES) satisfies Record<Node, TKey>;
const POS: Record<Node | 'bus', [number, number]> = {
  bus: [300, 170],
  pv: [90, 50],
  grid: [90, 170],
  generator: [90, 290],
  ess: [510, 290],
  load: [510, 50],
  charging: [510, 170],
};
const COLOR: Record<Node, string> = { pv: '#f59e0b', grid: '#6366f1', generator: '#78716c', ess: '#10b981', load: '#0ea5e9', charging: '#ec4899' };
const EPS = 0.05;

/** Power into the bus from each node (+ = toward the bus). */
export const edgesOf = (f: Flow): Array<{ node: Node; kw: number }> => [
  { node: 'pv', kw: f.pvKw },
  { node: 'grid', kw: f.gridKw },
  { node: 'generator', kw: f.generatorKw },
  { node: 'ess', kw: f.essKw },
  { node: 'load', kw: -f.loadKw },
  { node: 'charging', kw: -f.chargingKw },
];

export function EnergyFlow({ flow, present }: { flow: Flow; present: ReadonlySet<Node> }) {
  const t = useT('station');
  const [bx, by] = POS.bus;
  return (
    <svg viewBox="0 0 600 340" role="img" aria-label={t('station:overview.flow')} data-testid="energy-flow" className="h-auto w-full max-w-3xl">
      <style>{`@keyframes st-flow { to { stroke-dashoffset: -24; } } .st-edge { animation: st-flow 0.8s linear infinite; }`}</style>
      {edgesOf(flow)
        .filter((e) => present.has(e.node))
        .map((e) => {
          const [x, y] = POS[e.node];
          const dir = e.kw > EPS ? 'in' : e.kw < -EPS ? 'out' : 'idle';
          // the path is drawn in the direction of flow so the dashes move that way
          const d = dir === 'out' ? `M${bx},${by} L${x},${y}` : `M${x},${y} L${bx},${by}`;
          const mx = (x + bx) / 2;
          const my = (y + by) / 2;
          return (
            <g key={e.node} data-testid={`flow-edge-${e.node}`} data-dir={dir} data-kw={Math.abs(e.kw).toFixed(2)}>
              <path
                d={d}
                stroke={COLOR[e.node]}
                strokeWidth={3}
                strokeOpacity={dir === 'idle' ? 0.25 : 0.9}
                strokeDasharray={dir === 'idle' ? undefined : '8 4'}
                className={dir === 'idle' ? undefined : 'st-edge'}
                fill="none"
              />
              <rect
                x={mx - 46}
                y={my - 12}
                width={92}
                height={22}
                rx={5}
                className="fill-white dark:fill-slate-900"
                stroke={COLOR[e.node]}
                strokeOpacity={0.4}
              />
              <text x={mx} y={my + 4} textAnchor="middle" fontSize={12} className="fill-slate-700 dark:fill-slate-200" fontFamily="monospace">
                {fmtNum(Math.abs(e.kw), 1)} kW
              </text>
            </g>
          );
        })}
      <circle cx={bx} cy={by} r={22} className="fill-slate-200 dark:fill-slate-700" />
      <text x={bx} y={by + 4} textAnchor="middle" fontSize={12} className="fill-slate-700 dark:fill-slate-200">
        {t('station:overview.node.bus')}
      </text>
      {NODES.filter((n) => present.has(n)).map((n) => {
        const [x, y] = POS[n];
        return (
          <g key={n}>
            {/* an opaque base so the edges end at the box instead of running under the name */}
            <rect x={x - 64} y={y - 20} width={128} height={40} rx={8} className="fill-white dark:fill-slate-900" />
            <rect x={x - 64} y={y - 20} width={128} height={40} rx={8} fill={COLOR[n]} fillOpacity={0.15} stroke={COLOR[n]} />
            <text x={x} y={y + 5} textAnchor="middle" fontSize={13} fontWeight={600} className="fill-slate-800 dark:fill-slate-100">
              {t(NODE_KEY[n])}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
