import { call, login } from './client';

// An export as a console behind a load balancer makes it: started on one replica, its progress
// polled, and its file downloaded, through the others. Shared by the replicas test and bench.
// (Cancelling through another replica than the writer is covered by server/reports' jobs test.)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface JobView {
  jobId: string;
  status: string;
  downloadUrl: string | null;
  bytes: number | null;
}

export interface ExportAcross {
  /** the job ended done, every replica answered its polls, and each downloaded the same bytes */
  ok: boolean;
  /** start to done, as seen by the polls (ms) */
  ms: number;
  polls: number;
  bytes: number;
}

export const exportAcross = async (urls: readonly string[], stationId: number): Promise<ExportAcross> => {
  const [first, ...others] = urls as [string, ...string[]];
  const token = await login(first, 'admin', 'Admin@2026');
  const today = new Date().toISOString().slice(0, 10);
  const request = {
    report: 'site',
    format: 'xlsx',
    stationId,
    granularity: 'day',
    from: `${today.slice(0, 8)}01`,
    to: today,
    items: ['pvKwh', 'dischargeKwh', 'income'],
  };
  const t0 = Date.now();
  const started = await call(first, 'exportReport', request, token);
  if (started.code !== 0) throw new Error(`exportReport answered ${started.code}`);
  let job = started.data as JobView;
  let polls = 0;
  let everyAnswered = true;
  while (job.status === 'running' && Date.now() - t0 < 60_000) {
    await sleep(100);
    const r = await call(others[polls++ % others.length]!, 'queryExportJob', { jobId: job.jobId }, token);
    everyAnswered &&= r.code === 0;
    if (r.code === 0) job = r.data as JobView;
  }
  const ms = Date.now() - t0;
  const files = job.downloadUrl ? await Promise.all(urls.map(async (u) => Buffer.from(await (await fetch(`${u}${job.downloadUrl}`)).arrayBuffer()))) : [];
  const same = files.length === urls.length && files.every((f) => f.length === job.bytes && f.equals(files[0]!));

  return { ok: job.status === 'done' && everyAnswered && same, ms, polls, bytes: job.bytes ?? 0 };
};
