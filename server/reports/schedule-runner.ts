import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ReportItem } from '../../protocol/actions/report-shapes';
import { Scope } from '../auth/scope';
import { loadPrincipal } from '../auth/sessions';
import type { Queryable } from '../db/db';
import { Registry } from '../registry';
import { buildReport, type Entity } from './build';
import { langOf } from './labels';
import { writePdf } from './pdf';
import { reportSource } from './source';
import { lastFullPeriod, type SchedulePeriod } from './schedule-periods';
import { claimDelivery, enabledSchedules, finishDelivery, type ScheduleRow } from './schedule-store';
import { entitiesOf, type ReportRequest } from './scope';
import { reportTable } from './table';
import { writeXlsx, type Progress } from './writers';

// Sends scheduled reports. Each tick, every enabled schedule whose last full period (in the
// zone of its first station) has no delivery row is claimed with an insert that only one
// process can win, built as XLSX and PDF with the export writers, mailed with both attached,
// and recorded as sent or failed with the reason. A process that dies between claim and
// record leaves the period 'sending': it is not sent twice.

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}
export interface MailTransport {
  sendMail(m: { from: string; to: string[]; subject: string; text: string; attachments: MailAttachment[] }): Promise<unknown>;
}
export interface ScheduleRunnerDeps {
  db: Queryable;
  clock: () => number;
  mail: { transport: MailTransport; from: string };
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
}

const SILENT: Progress = { tick: () => undefined, cancelled: () => false };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/** The rows of a schedule within its maker's data scope now (the maker may have lost it). */
const entitiesNow = async (db: Queryable, reg: Registry, s: ScheduleRow): Promise<Entity[]> => {
  const maker = await loadPrincipal(db, s.createdById);
  if (!maker || maker.status !== 1 || !maker.permissions.has('operations.export'))
    throw new Error('the account that made the schedule can no longer export reports');
  const q = { orgId: s.orgId ?? undefined, stationId: s.stationId ?? undefined } as ReportRequest;
  try {
    return entitiesOf(s.report, q, new Scope(maker, reg), reg);
  } catch {
    throw new Error('the report scope is no longer visible to the account that made the schedule');
  }
};

const send = async (deps: ScheduleRunnerDeps, reg: Registry, s: ScheduleRow, entities: Entity[], period: SchedulePeriod): Promise<void> => {
  const now = deps.clock();
  const lang = langOf(s.locale);
  const answer = await buildReport(deps.db, entities, { from: period.from, to: period.to, granularity: s.granularity, items: s.items as ReportItem[] }, now);
  const source = reportSource(reg, s.report, entities, lang, now);
  const table = reportTable(s.report, answer, lang, source.generated);
  const dir = await mkdtemp(join(tmpdir(), 'report-schedule-'));
  try {
    const base = `${table.fileBase}_${period.key}`;
    await writeXlsx(table, join(dir, 'r.xlsx'), SILENT);
    await writePdf(table, join(dir, 'r.pdf'), SILENT, {
      lang,
      providerName: source.providerName,
      generated: source.generated,
      subtitle: `${period.from} – ${period.to}`,
    });
    await deps.mail.transport.sendMail({
      from: deps.mail.from,
      to: s.recipients,
      subject: `${table.title} ${period.key}`,
      text: `${table.title}: ${period.from} – ${period.to}\n${source.providerName}`,
      attachments: [
        { filename: `${base}.xlsx`, content: await readFile(join(dir, 'r.xlsx')), contentType: XLSX },
        { filename: `${base}.pdf`, content: await readFile(join(dir, 'r.pdf')), contentType: 'application/pdf' },
      ],
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export class ScheduleRunner {
  private running: Promise<number> | null = null;
  constructor(private readonly deps: ScheduleRunnerDeps) {}

  /** One pass over the schedules; answers how many periods this process claimed. Overlapping calls share a pass. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /** Waits for a pass under way, if any (shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => 0);
  }

  private async pass(): Promise<number> {
    const { db, clock, log } = this.deps;
    const schedules = await enabledSchedules(db);
    if (schedules.length === 0) return 0;
    const reg = new Registry();
    await reg.load(db);
    let claimed = 0;
    for (const s of schedules) {
      const entities = await entitiesNow(db, reg, s).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      const first = Array.isArray(entities) ? entities.find((e) => e.stationIds.length > 0)?.stationIds[0] : undefined;
      const zone = (first !== undefined ? reg.stations.get(first)?.timezone : undefined) ?? 'UTC';
      const period = lastFullPeriod(s.cadence, zone, clock());
      if (!(await claimDelivery(db, s.scheduleId, period.key, clock()))) continue;
      claimed++;
      try {
        if (!Array.isArray(entities)) throw entities;
        await send(this.deps, reg, s, entities, period);
        await finishDelivery(db, s.scheduleId, period.key, null, clock());
        log.info({ scheduleId: s.scheduleId, period: period.key }, 'scheduled report sent');
      } catch (e) {
        await finishDelivery(db, s.scheduleId, period.key, reasonOf(e), clock());
        log.warn({ scheduleId: s.scheduleId, period: period.key, err: reasonOf(e) }, 'scheduled report failed');
      }
    }
    return claimed;
  }
}

/** Runs the schedules every minute when mail can be sent (SMTP_URL, or a transport given by a test); answers a stop function. */
export const startScheduleRunner = (
  deps: Omit<ScheduleRunnerDeps, 'mail'>,
  o: { smtpUrl?: string; transport?: MailTransport; from: string; leads?: () => boolean },
): (() => Promise<void>) | null => {
  const transport = o.transport ?? (o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null);
  if (!transport) return null;
  const runner = new ScheduleRunner({ ...deps, mail: { transport, from: o.from } });
  // one replica sends (the leader); the delivery claims keep a period from being sent twice anyway
  const run = () => {
    if (o.leads?.() ?? true) void runner.tick().catch((e: unknown) => deps.log.warn({ err: reasonOf(e) }, 'scheduled reports pass failed'));
  };
  const timer = setInterval(run, 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await runner.idle();
  };
};
