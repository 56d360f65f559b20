/**
 * The one shape of a back-office list's CSV export route (docs/integrations.md "Exports"):
 * `GET <list>/export.csv` in the staff scope, with the list's permission and filters, answering a
 * streamed, formula-safe CSV attachment (lib/csv.ts). A module declares it with `declareCsvExport`
 * and writes only its query (lib/csv.ts `csvStream` over `streamRows`) and its cells.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Permission } from '@common/permissions';
import type { AppInstance } from '../app-context';
import type { declareRoutes } from './declare-routes';
import { sendCsv, type StreamRows } from './csv';
import { csvAnswer } from './route-schemas';
import type { TargetRule } from './targets';

/** What an export route declares; `Q` is its query's zod schema (the list's filters, no paging). */
export interface CsvExport<Q extends z.ZodType> {
  /** The OpenAPI summary: what is exported, in which order, and who may ask. */
  summary: string;
  /** The 200 answer's description: what one row of the file is. */
  rows: string;
  /** The list route's permission (common/permissions.ts). */
  permission: Permission;
  /** The attachment's file name, e.g. `approvals.csv`. */
  filename: string;
  /** Whom the export is about when its query names a person (`queryUser`: one client's list); lib/targets.ts. */
  target?: TargetRule;
  /** The list's filters (without paging); none when the list has none. */
  querystring?: Q;
  /**
   * The CSV stream for the validated `query`, read with `streamRows`; `req` names the caller.
   * May throw (an AppError) before the first byte: the answer is then an error, not a file.
   */
  csv: (streamRows: StreamRows, query: z.output<Q>, req: FastifyRequest) => Promise<Readable>;
}

/**
 * Declares `GET <url>` (relative to the module's prefix; `/export.csv` unless given) on `route` of
 * `app` as the CSV export `spec` describes: `config: { permission, target }`, the query validated by
 * `spec.querystring`, the answer `text/csv` named `spec.filename` (lib/csv.ts `sendCsv`).
 */
export function declareCsvExport<Q extends z.ZodType = z.ZodObject>(
  app: AppInstance,
  route: ReturnType<typeof declareRoutes>,
  spec: CsvExport<Q>,
  url = '/export.csv',
): void {
  const streamRows: StreamRows = (query, batchSize) => app.ctx.database.streamRows(query, batchSize);
  route.get(url, {
    summary: spec.summary,
    schema: {
      response: { 200: csvAnswer(spec.rows) },
      ...(spec.querystring && { querystring: spec.querystring }),
    },
    // an export answers only its guard's, target's and validation's errors (its filters are checked first)
    config: { permission: spec.permission, errorCodes: [], ...(spec.target && { target: spec.target }) },
    handler: async (req, reply) =>
      sendCsv(reply, spec.filename, await spec.csv(streamRows, req.query as z.output<Q>, req)),
  });
}
