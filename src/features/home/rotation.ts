// Wall rotation (`?rotate=<seconds>`): each step shows the next page of station cards; after the
// last page a platform admin's wall (orgType 1, several providers) moves on to the next service
// provider, anyone else's starts again at the first page. Pure, so the order is tested apart
// from the timer.
import type { Org } from '../../../streams/types';

export interface RotationState {
  page: number;
  pages: number;
  /** providers a platform admin can pick; empty for anyone else */
  orgs: readonly Org[];
  currentOrgId: number | null;
}

export interface RotationStep {
  page: number;
  /** the provider to switch to, or null to stay */
  org: Org | null;
}

export function nextRotation(s: RotationState): RotationStep {
  if (s.page + 1 < s.pages) return { page: s.page + 1, org: null };
  if (s.orgs.length < 2) return { page: 0, org: null };
  const at = s.orgs.findIndex((o) => o.id === s.currentOrgId);
  return { page: 0, org: s.orgs[(at + 1) % s.orgs.length]! };
}

/** The rotation period in ms from the query's `rotate` (seconds); 0 (off) when absent or not a positive number. */
export function rotationMs(param: string | null): number {
  const s = Number(param);
  return param && Number.isFinite(s) && s > 0 ? Math.max(1, s) * 1000 : 0;
}
