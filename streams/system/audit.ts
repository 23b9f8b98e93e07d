// The audit log: the filtered trail (newest first, the first AUDIT_PAGE entries with the total)
// and the CSV export, which pages through the whole filter up to AUDIT_EXPORT_MAX entries.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command } from '../commands/command';
import { loaded } from './loaded';

export const AUDIT_PAGE = 1000;
export const AUDIT_EXPORT_MAX = 20 * AUDIT_PAGE;

export type AuditEntry = Res<'queryAuditLog'>['dataList'][number];
export type AuditFilter = Omit<Req<'queryAuditLog'>, 'page' | 'length'>;

const page = (api: Api, f: AuditFilter, n: number) => api.call('queryAuditLog', { ...f, page: n, length: AUDIT_PAGE }, { quiet: true });

export const auditLog$ = (api: Api, filter$: Observable<AuditFilter | null>, reload$?: Observable<unknown>) => loaded(filter$, (f) => page(api, f, 1), reload$);

export async function readAllAudit(api: Api, f: AuditFilter): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (let n = 1; all.length < AUDIT_EXPORT_MAX; n++) {
    const r = await page(api, f, n);
    all.push(...r.dataList);
    if (r.dataList.length < AUDIT_PAGE || all.length >= r.totalCount) break;
  }
  return all;
}

export const exportAudit$ = (api: Api, filter$: Observable<AuditFilter>) => command(filter$, (f) => readAllAudit(api, f));
