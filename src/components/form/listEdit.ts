// A form's list of parts (tiers, shifts, seasons, demand charges): a part changed or removed
// gives a new list, the others kept as they are.

export const replaceAt = <T>(list: readonly T[], at: number, part: T): T[] => list.map((x, i) => (i === at ? part : x));

export const removeAt = <T>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);

/** The part at `at` of a list that keeps at least one, as its editor takes it: its number
 *  (1-based), value, change and removal (none for the last one left). */
export const partAt = <T>(list: readonly T[], setList: (l: T[]) => void, at: number) => ({
  n: at + 1,
  value: list[at]!,
  onChange: (x: T) => setList(replaceAt(list, at, x)),
  onRemove: list.length > 1 ? () => setList(removeAt(list, at)) : null,
});
