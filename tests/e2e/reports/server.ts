// The reports files' server: six stations with a week of metered 15-minute intervals from
// `first` (a genset running two hours each night), and Chromium, for the enclosing block.
import { seedIntervals } from '../../../server/actions/__tests__/report-fixture';
import { startServer, type TestServer } from '../helpers/server';
import { serverAndBrowser, type Stack } from '../helpers/session';

export const reportStack = (first: string): Stack<TestServer> =>
  serverAndBrowser(async () => {
    const s = await startServer({ seedStations: 6 });
    const ids = await s.services.db.query<{ id: number }>('SELECT id FROM stations ORDER BY id');
    await seedIntervals(
      s.services.db,
      ids.map((r) => r.id),
      first,
      7,
    );
    return s;
  });
