/**
 * CSV exports (RFC 4180, CRLF line ends) that are safe to open in a spreadsheet: cells that a
 * spreadsheet would read as a formula (starting with = + - @, tab or CR) are prefixed with an
 * apostrophe, but phone numbers, which are shown as typed, and plain numbers such as "-150.00"
 * (`csvCell`).
 * Exports of unbounded length stream (`csvStream`): rows go out as the database hands them over;
 * a small document already in memory is written whole (`csvText`). The cells of the back-office
 * exports (lib/csv-route.ts) share `csvTime` and `fullName`.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

// a phone number as people write it: + and digits, with spaces, dots, dashes and brackets
const PHONE = /^\+[\d ().-]{4,30}$/;
// a plain decimal number, a negative one included ("-150.00"): a number to a spreadsheet, never a formula
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: quoted when needed, and defused when a spreadsheet would read it as a formula.
 * A phone number (`+1 555 0100`) would show the guard's apostrophe, so it is written as the formula
 * `="+1 555 0100"` instead: shown as typed, and harmless, a string literal of phone characters
 * only, which can hold no quote, reference or function.
 */
export function csvCell(value: string): string {
  if (PHONE.test(value)) return `"=""${value}"""`;
  if (NUMBER.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, CRLF-terminated (every cell through `csvCell`). */
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole CSV document as text: the header row, then one line per row of cells. */
export function csvText(head: string[], rows: string[][]): string {
  return [head, ...rows].map(csvLine).join('');
}

/**
 * A CSV document as a stream: the header row, then each batch of records as `batches` yields it,
 * each turned into cells by `cells` (its second argument counts records from 0 across batches).
 * The first batch is read before the stream is answered, so a query that fails at once (a bad
 * search, the database gone) throws here and is answered as an error, not as a cut-off download.
 * Then the stream pulls the next batch only when the reader wants more, so memory holds one batch;
 * a reader that goes away ends the batches early (the cursor's connection is released).
 */
export async function csvStream<T>(
  head: string[],
  batches: AsyncIterable<T[]>,
  cells: (record: T, index: number) => string[],
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return Readable.from(
    (async function* () {
      try {
        yield csvLine(head);
        let n = 0;
        for (let next = first; !next.done; next = await iterator.next())
          yield next.value.map((record) => csvLine(cells(record, n++))).join('');
      } finally {
        await iterator.return?.();
      }
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

/** Rows in batches from the open database (db/client.ts `streamRows`), for an export of any length. */
export type StreamRows = Database['streamRows'];

/** A time cell: ISO 8601 in UTC (`2026-03-01T09:30:00.000Z`), or "" for none. */
export function csvTime(t: Date | string | null): string {
  return t === null ? '' : new Date(t).toISOString();
}

/** A person's "First Last" in SQL, from the name columns of `users` or an alias of it. */
export function fullName(p: { firstName: AnyColumn; lastName: AnyColumn }): SQL<string> {
  return sql<string>`${p.firstName} || ' ' || ${p.lastName}`;
}
