/**
 * The verifiable journal's routes (docs/transparency.md "The verifiable journal"); the proofs are
 * built in proofs.ts, the log is written by the seal (seal.ts, a scheduled job).
 *
 * | Method | Path                                          | Who                      | Answer |
 * |--------|-----------------------------------------------|--------------------------|--------|
 * | GET    | /transparency/tree-head                       | anyone                   | the latest signed tree head cosigned by every configured witness, with its checkpoint; 404 none yet |
 * | GET    | /transparency/inclusion/:entryId[?treeSize=]  | the entry's client, staff (clients.read) | leaf, audit path, canonical entry; 404 not sealed (or not theirs) |
 * | GET    | /transparency/consistency?from&to             | anyone                   | the consistency proof; 400 not signed sizes |
 *
 * The checkpoint, key and cosignature routes are in checkpoint-routes.ts, the evidence download in
 * evidence-routes.ts.
 */
import { can } from '@common/permissions';
import { errorAnswerSchema } from '@common/schemas/common';
import {
  consistencyAnswerSchema,
  consistencyQuery,
  inclusionAnswerSchema,
  inclusionParams,
  inclusionQuery,
  treeHeadAnswerSchema,
} from '@common/schemas/transparency-log';
import type { AppInstance } from '../../app-context';
import { AppError } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { declareRoutes } from '../../lib/declare-routes';
import { currentUser } from '../auth/guard';
import { checkpointNote } from './checkpoint';
import { checkpointRoutes } from './checkpoint-routes';
import { cosignaturesOf, latestWitnessedHead } from './cosignatures';
import { evidenceRoutes } from './evidence-routes';
import { consistencyProof, type EntryScope, inclusionProof, presentTreeHead } from './proofs';
import { signingKeyFor } from './signing-key';

const tags = ['transparency'];

/** Public reads: generous, but bounded per IP like the other public routes. */
const PUBLIC_LIMIT = rateLimited(120, 1);

/** GET /transparency/tree-head, /inclusion/:entryId, /consistency */
export async function journalLogRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, database, config } = app.ctx;
  const { origin } = signingKeyFor(config);
  const witnesses = config.transparencyWitnesses ?? [];
  await app.register(checkpointRoutes);
  await app.register(evidenceRoutes);

  route.get('/tree-head', {
    summary:
      "The journal log's latest signed tree head cosigned by the configured witnesses: size, root hash, time, Ed25519 signature, public key and C2SP checkpoint",
    schema: {
      response: { 200: treeHeadAnswerSchema, 404: errorAnswerSchema.describe('No tree head signed yet') },
    },
    config: { ...PUBLIC_LIMIT, errorCodes: ['no_tree_head'] },
    handler: async () => {
      const head = await latestWitnessedHead(database.db, witnesses);
      if (!head) throw new AppError('no_tree_head');
      const cosignatures = await cosignaturesOf(database.db, head.size, witnesses);
      return { ...presentTreeHead(head), origin, checkpoint: checkpointNote(origin, head, cosignatures) };
    },
  });

  route.get('/inclusion/:entryId', {
    summary:
      "A journal entry's inclusion proof (the entry, or a deposit's or withdrawal's latest sealed entry) in the latest signed tree head or ?treeSize (the entry's client, or staff)",
    schema: {
      response: {
        200: inclusionAnswerSchema,
        400: errorAnswerSchema.describe('treeSize is not the size of a signed tree head'),
        404: errorAnswerSchema.describe("Not sealed yet, sealed after that head, or not the caller's"),
      },
      params: inclusionParams,
      querystring: inclusionQuery,
    },
    onRequest: guards.requireUser,
    // proofs.ts `inclusionProof`; the staff check is asked, its refusal only narrows the scope
    config: {
      errorCodes: ['no_such_tree_head', 'entry_not_sealed', 'entry_left_out', 'entry_after_head'],
    },
    handler: async (req) => {
      const user = currentUser(req);
      // staff who may read clients' history see any entry's proof; everyone else only their own
      const staff = await guards.requireStaff(req).then(
        () => can(user.role, 'clients.read'),
        () => false,
      );
      const scope: EntryScope = staff ? 'all' : { userId: user.id };
      return inclusionProof(database.db, scope, req.params.entryId, req.query.treeSize);
    },
  });

  route.get('/consistency', {
    summary:
      'The consistency proof (RFC 9162 §2.1.4) between the signed tree heads of `from` and `to` entries',
    schema: {
      response: {
        200: consistencyAnswerSchema,
        400: errorAnswerSchema.describe('Sizes that are not signed heads, or from > to'),
      },
      querystring: consistencyQuery,
    },
    config: { ...PUBLIC_LIMIT, errorCodes: ['bad_tree_sizes', 'no_such_tree_head'] },
    handler: async (req) => consistencyProof(database.db, req.query.from, req.query.to),
  });
}
