export {};
// `npm run bench -- GROUP [GROUP…]`: runs benchmark groups; every figure is one JSON line on
// stdout ({"name", "value", "unit"}); progress goes to stderr.
const groups: Record<string, () => Promise<unknown>> = {
  server: () => import('./groups/server').then((m) => m.run()),
  fleet: () => import('./groups/fleet').then((m) => m.run()),
  shell: () => import('./groups/shell').then((m) => m.run()),
  home: () => import('./groups/home').then((m) => m.run()),
  station: () => import('./groups/station').then((m) => m.run()),
  analytics: () => import('./groups/analytics').then((m) => m.run()),
  peers: () => import('./groups/peers').then((m) => m.run()),
  tariff: () => import('./groups/tariff').then((m) => m.run()),
  reports: () => import('./groups/reports').then((m) => m.run()),
  modes: () => import('./groups/modes').then((m) => m.run()),
  soak: () => import('./groups/soak').then((m) => m.run()),
  replicas: () => import('./groups/replicas').then((m) => m.run()),
};

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
