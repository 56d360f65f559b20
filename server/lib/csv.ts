/**
 * CSV exports (RFC 4180, CRLF line ends) that are safe to open in a spreadsheet: cells that a
 * spreadsheet would read as a formula (starting with = + - @, tab or CR) are prefixed with an
 * apostrophe.
 * Exports of unbounded length stream (`csvStream`): rows go out as the database hands them over.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One CSV cell: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, CRLF-terminated (every cell through `csvCell`). */
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV document as a stream: the header row, then each batch of records as `batches` yields it,
 * each turned into cells by `cells` (its second argument counts records from 0 across batches).
 * The stream pulls the next batch only when the reader wants more, so memory holds one batch.
 */
export function csvStream<T>(
  head: string[],
  batches: AsyncIterable<T[]>,
  cells: (record: T, index: number) => string[],
): Readable {
  return Readable.from(
    (async function* () {
      yield csvLine(head);
      let n = 0;
      for await (const batch of batches) yield batch.map((record) => csvLine(cells(record, n++))).join('');
    })(),
    { objectMode: false },
  );
}

/** Sends `csv` as a UTF-8 CSV attachment named `filename` (a stream goes out as it is read). */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
