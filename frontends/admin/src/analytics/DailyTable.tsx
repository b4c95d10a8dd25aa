import { DAILY_COLUMNS, dailyCells, type DailyRow } from './analytics-table';

/** The numbers the charts draw, day by day: the same cells the CSV export writes. */
export function DailyTable({ rows }: { rows: DailyRow[] }) {
  return (
    <details className="an-daily">
      <summary>Numbers by day</summary>
      <div className="ad-table-wrap">
        <table className="ad-table an-daily__table" aria-label="Numbers by day">
          <thead>
            <tr>
              {DAILY_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                {dailyCells(row).map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="an-num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
