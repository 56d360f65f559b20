/**
 * CSV exports (RFC 4180, CRLF line ends) that are safe to open in a spreadsheet: cells that a
 * spreadsheet would read as a formula (starting with = + - @, tab or CR) are prefixed with `'`.
 */

/** One CSV cell: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV document: the header row, then one row per record (every cell through `csvCell`). */
export function toCsv(head: string[], rows: string[][]): string {
  return [head, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
