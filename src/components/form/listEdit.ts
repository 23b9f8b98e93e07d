// A form's list of parts (tiers, shifts, seasons, demand charges): a part changed or removed
// gives a new list, the others kept as they are.

export const replaceAt = <T>(list: readonly T[], at: number, part: T): T[] => list.map((x, i) => (i === at ? part : x));

export const removeAt = <T>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);
