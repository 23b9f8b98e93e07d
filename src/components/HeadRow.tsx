// A table's head row: a heading a label, then an empty heading over the rows' actions if asked.
export function HeadRow({ labels, cellClass, actions = false }: { labels: readonly string[]; cellClass: string; actions?: boolean }) {
  return (
    <tr>
      {labels.map((l, i) => (
        <th key={i} className={cellClass}>
          {l}
        </th>
      ))}
      {actions && <th />}
    </tr>
  );
}
