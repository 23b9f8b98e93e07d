// Tri-state group checkboxes (station tree, permission tree): a group is checked when every
// selectable member is, mixed when some are; toggling it selects or clears its selectable
// members and leaves the others (not grantable, filtered out of view) as they were.
export type Tri = 'all' | 'some' | 'none';

export function triState<K>(selected: ReadonlySet<K>, members: readonly K[]): Tri {
  const n = members.filter((m) => selected.has(m)).length;
  return n === 0 ? 'none' : n === members.length ? 'all' : 'some';
}

export function toggleGroup<K>(selected: ReadonlySet<K>, selectable: readonly K[]): Set<K> {
  const next = new Set(selected);
  const on = triState(selected, selectable) !== 'all';
  for (const m of selectable) {
    if (on) next.add(m);
    else next.delete(m);
  }
  return next;
}

export function toggleOne<K>(selected: ReadonlySet<K>, key: K): Set<K> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
