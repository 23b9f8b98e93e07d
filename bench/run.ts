export {};
// `npm run bench -- GROUP [GROUP…]`: runs benchmark groups; every figure is one JSON line on
// stdout ({"name", "value", "unit"}); progress goes to stderr.
const GROUPS = [
  'server',
  'fleet',
  'shell',
  'delivery',
  'lighthouse',
  'home',
  'station',
  'analytics',
  'peers',
  'tariff',
  'reports',
  'modes',
  'soak',
  'replicas',
  'notify',
  'broker',
];
// each group is bench/groups/NAME.ts exporting run(); imported only when asked for
const groups: Record<string, () => Promise<unknown>> = Object.fromEntries(
  GROUPS.map((n) => [n, () => import(`./groups/${n}.ts`).then((m: { run: () => Promise<void> }) => m.run())]),
);

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
// the soak runs for minutes: only when asked for by name
const names = wanted.length > 0 ? wanted : Object.keys(groups).filter((g) => g !== 'soak');
for (const n of names) {
  const g = groups[n];
  if (!g) {
    console.error(`unknown bench group "${n}"; groups: ${Object.keys(groups).join(', ')}`);
    process.exit(2);
  }
  console.error(`== bench group ${n}`);
  await g();
}
process.exit(0);
