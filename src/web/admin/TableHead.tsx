/** The header row of the team's small tables (accounts, throughput): each column's name, a number column's right-aligned. */
export function TableHead({ columns }: { columns: readonly (string | { name: string; numeric: true })[] }) {
  return (
    <thead className="bg-muted text-muted-foreground">
      <tr>
        {columns.map((c) => {
          const name = typeof c === "string" ? c : c.name;
          return (
            <th key={name} scope="col" className={`px-3 py-2 font-medium${typeof c === "string" ? "" : " text-right"}`}>
              {name}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
