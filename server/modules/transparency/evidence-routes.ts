/**
 * "Download my evidence" (docs/transparency.md "Your evidence"); the file is built in evidence.ts.
 *
 * | Method | Path                               | Who               | Answer |
 * |--------|------------------------------------|-------------------|--------|
 * | GET    | /transparency/evidence[?since=]    | a signed-in client (staff 403) | the evidence file (JSON, an attachment); 404 no checkpoint yet; 422 over 50,000 leaves |
 */
import { errorAnswerSchema } from '@common/schemas/common';
import { evidenceBundleSchema, evidenceFileName, evidenceQuerySchema } from '@common/schemas/evidence';
import type { AppInstance } from '../../app-context';
import { rateLimited } from '../../lib/rate-limit';
import { declareRoutes } from '../../lib/declare-routes';
import { currentUser } from '../auth/guard';
import { evidenceBundle } from './evidence';
import { keyHistoryFor, signingKeyFor } from './signing-key';

const tags = ['transparency'];

/** GET /transparency/evidence */
export async function evidenceRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, config, database } = app.ctx;
  const key = signingKeyFor(config);
  const keys = {
    origin: key.origin,
    history: keyHistoryFor(config),
    witnesses: config.transparencyWitnesses ?? [],
    signingKey: key.publicKey,
  };

  route.get('/evidence', {
    summary:
      "The signed-in client's evidence as one JSON file: their sealed entries and account openings with inclusion proofs, the checkpoint with its cosignatures, the key history and the latest proof of liabilities (checked offline by verifier/verify-evidence.mjs)",
    schema: {
      response: {
        200: evidenceBundleSchema,
        400: errorAnswerSchema.describe('since is not the size of a signed tree head'),
        403: errorAnswerSchema.describe('Staff have no evidence of their own'),
        404: errorAnswerSchema.describe('No checkpoint signed yet'),
        422: errorAnswerSchema.describe('More than 50,000 sealed entries'),
      },
      querystring: evidenceQuerySchema,
    },
    onRequest: guards.requireClient,
    // evidence.ts `evidenceBundle`; a `since` no head was signed at: proofs.ts `consistencyProof`
    config: {
      ...rateLimited(10, 1),
      errorCodes: ['no_evidence_checkpoint', 'evidence_too_large', 'no_such_tree_head'],
    },
    handler: async (req, reply) => {
      const bundle = await evidenceBundle(database.db, keys, currentUser(req).id, req.query.since);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="${evidenceFileName(day)}"`)
        .send(bundle);
    },
  });
}
