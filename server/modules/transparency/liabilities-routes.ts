/**
 * Proof-of-liabilities routes (docs/transparency.md "Proof of liabilities"); the work is in
 * liabilities.ts and liabilities-proof.ts.
 *
 * | Method | Path                                   | Who                    | Answer |
 * |--------|----------------------------------------|------------------------|--------|
 * | GET    | /transparency/liabilities[?snapshot=]  | anyone                 | the latest (or named) snapshot's root; 404 none |
 * | GET    | /transparency/liabilities/snapshots    | anyone                 | the latest ten snapshots |
 * | GET    | /transparency/liabilities/proof        | signed in              | own leaves, paths and seals in the latest; 404 none |
 * | POST   | /transparency/liabilities              | staff (ledger.adjust)  | 201 a new snapshot, audited; 409 no client yet |
 */
import { errorAnswerSchema } from '@common/schemas/common';
import {
  LIABILITIES_MSG,
  liabilitiesProofQuerySchema,
  liabilitiesProofSchema,
  liabilitiesQuerySchema,
  liabilitiesSnapshotListSchema,
  liabilitiesSnapshotSchema,
  liabilitiesTakenAnswerSchema,
} from '@common/schemas/liabilities';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { currentUser } from '../auth/guard';
import { liabilitiesProof } from './liabilities-proof';
import {
  findLiabilitiesSnapshot,
  presentSnapshot,
  recentLiabilitiesSnapshots,
  takeLiabilitiesSnapshot,
} from './liabilities';
import { signingKeyFor } from './signing-key';

const tags = ['transparency'];

/** GET /transparency/liabilities, /liabilities/snapshots, /liabilities/proof */
export async function liabilitiesRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, database } = app.ctx;
  route.get('/liabilities', {
    summary:
      "The latest proof-of-liabilities snapshot (or ?snapshot=): the sum tree's root hash, the total of every client's balance, how many clients",
    schema: {
      response: {
        200: liabilitiesSnapshotSchema,
        404: errorAnswerSchema.describe('No snapshot (yet, or by that id)'),
      },
      querystring: liabilitiesQuerySchema,
    },
    config: { errorCodes: ['no_liabilities_snapshot'] },
    handler: async (req) => {
      const row = await findLiabilitiesSnapshot(database.db, req.query.snapshot);
      if (!row) throw new AppError('no_liabilities_snapshot');
      return presentSnapshot(row);
    },
  });

  route.get('/liabilities/snapshots', {
    summary: 'The latest ten proof-of-liabilities snapshots, newest first',
    schema: { response: { 200: liabilitiesSnapshotListSchema } },
    config: { errorCodes: [] },
    handler: async () => ({ snapshots: await recentLiabilitiesSnapshots(database.db, 10) }),
  });

  route.get('/liabilities/proof', {
    summary:
      "The signed-in client's leaves (salt, part of the total) in the latest snapshot with their paths to its root, the entries since its cut, and inclusion proofs in the journal's log under the signed head of ?treeSize= (default the latest): the snapshot's record, those entries, or (not included) the client's first account opening",
    schema: {
      response: {
        200: liabilitiesProofSchema,
        400: errorAnswerSchema.describe('No signed tree head of that size'),
        404: errorAnswerSchema.describe('No snapshot yet'),
      },
      querystring: liabilitiesProofQuerySchema,
    },
    onRequest: guards.requireUser,
    // a `treeSize` no head was signed at: liabilities-proof.ts
    config: { errorCodes: ['no_liabilities_snapshot', 'no_such_tree_size'] },
    handler: async (req) => {
      const proof = await liabilitiesProof(database.db, currentUser(req).id, req.query.treeSize);
      if (!proof) throw new AppError('no_liabilities_snapshot');
      return proof;
    },
  });
}

/** POST /transparency/liabilities (staff scope) */
export async function liabilitiesAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { database, config } = app.ctx;
  route.post('/liabilities', {
    summary: 'Takes and publishes a proof-of-liabilities snapshot now (staff)',
    schema: {
      response: { 201: liabilitiesTakenAnswerSchema, 409: conflict('No client has a ledger account yet') },
    },
    config: { permission: 'ledger.adjust', errorCodes: ['no_clients_yet'] },
    handler: async (req, reply) => {
      const snapshot = await takeLiabilitiesSnapshot(database.db, auditActor(req), signingKeyFor(config));
      if (!snapshot) throw new AppError('no_clients_yet');
      return reply.code(201).send({ message: LIABILITIES_MSG.snapshotTaken, data: snapshot });
    },
  });
}
