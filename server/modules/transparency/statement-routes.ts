/**
 * Signed statements under /api/transparency (docs/transparency.md "Signed statements").
 *
 * GET  /transparency/statement         signed in  ?month=YYYY-MM | ?from=YYYY-MM-DD&to=YYYY-MM-DD
 *                                                  → the signed-in user's statement, application/pdf attachment
 * GET  /transparency/statements        signed in  → { statements }: the user's issued statements, newest first,
 *                                                  each with its supersession (why, by which) if any
 * POST /transparency/verify-statement  public     the statement file as the raw body (application/pdf or
 *                                                  application/octet-stream, at most 5 MB)
 *                                                  → { authentic, reason, client (masked), from, to, closingBalance,
 *                                                    treeHead, superseded }
 *
 * The statement routes take no user id: a client can only ever get their own. Verifying changes
 * nothing (it reads the file, our public key and the file's issue record), so it is not audited; it
 * is rate limited like the other public POSTs. Whoever holds a superseded file learns why it was
 * superseded: the entry's date, amount and description, of the period the file already shows.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorAnswerSchema } from '@common/schemas/common';
import {
  issuedStatementsAnswerSchema,
  STATEMENT_FILE_MAX_BYTES,
  STATEMENT_MSG,
  statementQuerySchema,
  type IssuedStatementsAnswer,
  type StatementSupersession,
  verifyStatementAnswerSchema,
  type VerifyStatementAnswer,
} from '@common/schemas/statements';
import type { AppInstance } from '../../app-context';
import { errorAnswer } from '../../lib/error-handler';
import { declareRoutes } from '../../lib/declare-routes';
import { rateLimited } from '../../lib/rate-limit';
import { centsToUsd } from '../../lib/money';
import { currentUser } from '../auth/guard';
import { createStatementService, type StatementCheck } from './statement-service';
import { describeSupersession, listIssuedStatements, type IssuedRecord } from './statement-records';

const tags = ['transparency'];

/** Content types the verify route reads as the file's bytes. */
const FILE_TYPES = ['application/pdf', 'application/octet-stream'];

/** The uploaded file: the raw request body, as bytes. */
const statementFileSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, STATEMENT_MSG.noFile)
  .meta({ type: 'string', format: 'binary', description: 'The statement PDF, as downloaded' });

/** A record's supersession as the API shows it (USD), or null when it is current. */
export function presentSupersession(r: IssuedRecord): StatementSupersession | null {
  if (!r.supersededAt || !r.supersededBy || !r.reason) return null;
  return {
    at: r.supersededAt.toISOString(),
    reason: describeSupersession(r.reason),
    entry: {
      id: r.reason.entryId,
      postedAt: r.reason.postedAt.toISOString(),
      date: r.reason.effectiveAt.toISOString(),
      amount: centsToUsd(r.reason.amountCents),
      description: r.reason.description,
    },
    correctedBy: { id: r.supersededBy, from: r.from, to: r.to, downloaded: r.correctedDrawn === true },
  };
}

/** The answer of the verify route for `result`. */
export function presentStatementCheck(result: StatementCheck): VerifyStatementAnswer {
  const { check, fingerprint, manifest } = result;
  const superseded = result.issued ? presentSupersession(result.issued) : null;
  if (check !== 'authentic' || !manifest)
    return {
      authentic: false,
      reason: STATEMENT_MSG[check === 'authentic' ? 'altered' : check],
      keyFingerprint: fingerprint,
    };
  return {
    authentic: true,
    reason: superseded ? STATEMENT_MSG.superseded : STATEMENT_MSG.authentic,
    keyFingerprint: fingerprint,
    client: manifest.client,
    from: manifest.from,
    to: manifest.to,
    closingBalance: centsToUsd(BigInt(manifest.closingBalanceCents)),
    issuedAt: manifest.issuedAt,
    treeHead: manifest.treeHead,
    superseded,
  };
}

/** Sends `file` as a PDF attachment named `fileName`. */
function sendPdf(reply: FastifyReply, fileName: string, file: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(file);
}

export async function statementRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, config, database } = app.ctx;
  const svc = createStatementService({ db: database.db, config });

  // a statement file arrives as it is; JSON bodies keep their own parser
  app.addContentTypeParser(
    FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: STATEMENT_FILE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  // A Buffer sent as application/pdf is not serialized by Fastify: the schema only documents it.
  route.get('/statement', {
    summary: "The signed-in user's signed statement for a month or a range of days, as a PDF",
    schema: {
      response: {
        200: {
          description:
            'The statement PDF, signed: its last line is `%NW-Signature: <base64 Ed25519 signature> key=<fingerprint>`',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        422: errorAnswerSchema.describe('The range starts after today, or holds more than 5,000 lines'),
      },
      querystring: statementQuerySchema,
    },
    onRequest: guards.requireUser,
    // statement-service.ts `issue` (`not_found`: the user erased meanwhile)
    config: {
      ...rateLimited(30, 10),
      clientKeys: true,
      errorCodes: ['statement_in_future', 'statement_too_long', 'not_found'],
    },
    handler: async (req, reply) => {
      const statement = await svc.issue(currentUser(req).id, req.query);
      return sendPdf(reply, statement.fileName, statement.file);
    },
  });

  route.get('/statements', {
    summary: "The signed-in client's issued statements, newest first (50), each with its supersession if any",
    schema: { response: { 200: issuedStatementsAnswerSchema } },
    onRequest: guards.requireUser,
    config: { clientKeys: true, errorCodes: [] },
    handler: async (req): Promise<IssuedStatementsAnswer> => ({
      statements: (await listIssuedStatements(database.db, currentUser(req).id)).map((r) => ({
        id: r.id,
        from: r.from,
        to: r.to,
        issuedAt: r.issuedAt.toISOString(),
        downloaded: r.drawn,
        treeHeadSize: r.treeHeadSize,
        superseded: presentSupersession(r),
      })),
    }),
  });

  route.post('/verify-statement', {
    summary: 'Checks that a statement file is authentic and unaltered (public)',
    schema: {
      response: {
        200: verifyStatementAnswerSchema,
        413: errorAnswerSchema.describe('The file is over 5 MB'),
        415: errorAnswerSchema.describe('Not sent as application/pdf or application/octet-stream'),
      },
      body: statementFileSchema,
      consumes: FILE_TYPES,
    },
    bodyLimit: STATEMENT_FILE_MAX_BYTES,
    // the file over its limit or of another type: this plugin's error handler below
    config: {
      ...rateLimited(20, 10),
      errorCodes: ['statement_too_large', 'statement_file_missing'],
      parserCodes: ['bad_request', 'statement_too_large', 'statement_file_missing'],
    },
    handler: async (req) => presentStatementCheck(await svc.verify(req.body)),
  });

  // a file over the limit or of another type: the screen's words, not Fastify's
  app.setErrorHandler((err, _req, reply) => {
    const code = (err as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(errorAnswer('statement_too_large'));
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send(errorAnswer('statement_file_missing'));
    throw err;
  });
}
