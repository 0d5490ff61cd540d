// A rendered table as RFC 4180 CSV: every row (header first), fields joined by commas, lines by CRLF; a field with a
// comma, a quote or a line break is quoted, its quotes doubled.

function field(text: string): string {
  const value = text.replace(/\s+/g, ' ').trim();
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The table's rows as CSV, from the text of its cells as a person reads them. */
export function tableCsv(table: HTMLTableElement): string {
  return [...table.rows]
    .map((row) => [...row.cells].map((cell) => field(cell.textContent ?? '')).join(','))
    .join('\r\n');
}
