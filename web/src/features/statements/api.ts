/**
 * Signed statements (docs/transparency.md "Signed statements"): GET /transparency/statement with the
 * session's token, saved by the browser under the server's file name. A refused range (after today,
 * too many lines) throws ApiError with the server's message. GET /transparency/statements lists the
 * statements issued to the client, a superseded one with why and by which.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  statementFileName,
  type IssuedStatementsAnswer,
  type StatementRange,
} from '@common/schemas/statements';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';

/** Downloads the signed-in client's signed statement for `range` (inclusive UTC days). */
export async function downloadStatement(range: StatementRange): Promise<void> {
  const blob = await api.blob('/transparency/statement', { params: { from: range.from, to: range.to } });
  saveBlob(blob, statementFileName(range));
}

/** GET /transparency/statements: the client's issued statements, newest first, with supersessions. */
export const issuedStatementsQuery = queryOptions({
  queryKey: ['statements', 'issued'],
  queryFn: async () => (await api.get<IssuedStatementsAnswer>('/transparency/statements')).statements,
});
