import { AUDIT_NAMED_KINDS, AUDIT_REF_FIELDS, type AuditNamedKind } from '../../protocol/codes';
import type { Queryable } from '../db/db';

// The names an audit page refers to (docs/accounts.md): its targets and the ids in its details
// (AUDIT_REF_FIELDS), looked up in one query per kind, keyed `<kind>:<id>`. A deleted thing has
// no name left; the reader then sees the kind alone.

const NAME_SQL = {
  account: 'SELECT id, account AS name FROM accounts WHERE id = ANY($1::int[])',
  org: 'SELECT id, name FROM orgs WHERE id = ANY($1::int[])',
  role: 'SELECT id, name FROM roles WHERE id = ANY($1::int[])',
  station: 'SELECT id, name FROM stations WHERE id = ANY($1::int[])',
  tariff: 'SELECT id, name FROM tariffs WHERE id = ANY($1::int[])',
  tariffTemplate: 'SELECT id, name FROM tariff_templates WHERE id = ANY($1::int[])',
  strategy: 'SELECT id, name FROM strategies WHERE id = ANY($1::int[])',
} as const satisfies Record<AuditNamedKind, string>;

const isKind = (k: string): k is AuditNamedKind => (AUDIT_NAMED_KINDS as readonly string[]).includes(k);
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).filter((x): x is number => Number.isInteger(x) && (x as number) > 0);

/** Every `<kind>:<id>` an entry refers to, nested details (a change's `before`) included. */
export function refsOf(target: string | null, detail: Record<string, unknown>): [AuditNamedKind, number][] {
  const refs: [AuditNamedKind, number][] = [];
  const [kind = '', id = ''] = (target ?? '').split(':');
  if (isKind(kind) && /^\d+$/.test(id)) refs.push([kind, Number(id)]);
  const walk = (d: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(d)) {
      const refKind: AuditNamedKind | undefined = Object.hasOwn(AUDIT_REF_FIELDS, k) ? AUDIT_REF_FIELDS[k as keyof typeof AUDIT_REF_FIELDS] : undefined;
      if (refKind) for (const n of idsOf(v)) refs.push([refKind, n]);
      else if (typeof v === 'object' && v !== null && !Array.isArray(v)) walk(v as Record<string, unknown>);
    }
  };
  walk(detail);
  return refs;
}

export async function auditNames(
  db: Queryable,
  entries: readonly { target: string | null; detail: Record<string, unknown> }[],
): Promise<Record<string, string>> {
  const wanted = new Map<AuditNamedKind, Set<number>>();
  for (const e of entries) for (const [kind, id] of refsOf(e.target, e.detail)) (wanted.get(kind) ?? wanted.set(kind, new Set()).get(kind)!).add(id);
  const names: Record<string, string> = {};
  for (const [kind, ids] of wanted) {
    const rows = await db.query<{ id: number; name: string }>(NAME_SQL[kind], [[...ids]]);
    for (const r of rows) names[`${kind}:${r.id}`] = r.name;
  }
  return names;
}

/** The names one entry refers to, out of a page's. */
export const namesOf = (all: Record<string, string>, target: string | null, detail: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(refsOf(target, detail).flatMap(([k, id]) => (all[`${k}:${id}`] === undefined ? [] : [[`${k}:${id}`, all[`${k}:${id}`]!]])));
