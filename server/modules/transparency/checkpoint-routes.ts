/**
 * The journal log's checkpoints, keys and witness cosignatures (docs/transparency.md "Checkpoints",
 * "The key and its history", "Witnesses"); registered by routes.ts under /transparency.
 *
 * | Method | Path                        | Who    | Body / answer |
 * |--------|-----------------------------|--------|---------------|
 * | GET    | /transparency/checkpoint    | anyone | the latest signed head as a C2SP checkpoint (text/plain signed note, with its cosignatures); 404 none yet |
 * | GET    | /transparency/keys          | anyone | origin, the log's verifier key, the key history, the witnesses required |
 * | POST   | /transparency/cosignatures  | a configured witness (its signature is the credential) | text/plain: the checkpoint with the witness's cosignature line → `{ size, witnesses }` |
 *
 * A cosignature needs no session: it is accepted only when it verifies with a configured witness's
 * key over a checkpoint this log signed, so a stranger can add nothing.
 */
import { z } from 'zod';
import { errorAnswerSchema } from '@common/schemas/common';
import { cosignatureAnswerSchema, keysAnswerSchema } from '@common/schemas/transparency-log';
import { keyFingerprint } from '@common/transparency/key-history';
import { formatVerifierKey } from '@common/transparency/signed-note';
import type { AppInstance } from '../../app-context';
import { AppError } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { declareRoutes } from '../../lib/declare-routes';
import { checkpointNote } from './checkpoint';
import { acceptCosignatures, cosignaturesOf } from './cosignatures';
import { latestTreeHead } from './proofs';
import { keyHistoryFor, logVerifierKey, signingKeyFor } from './signing-key';

const tags = ['transparency'];

/** A signed note is a few hundred bytes; 64 signature lines stay far below this. */
const NOTE_MAX_CHARS = 16_384;

const textAnswer = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

/** GET /transparency/checkpoint, /keys; POST /transparency/cosignatures */
export async function checkpointRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { config, database } = app.ctx;
  const key = signingKeyFor(config);
  const witnesses = config.transparencyWitnesses ?? [];
  // fails at start-up when the configured history does not end with the signing key
  const history = keyHistoryFor(config);

  route.get('/checkpoint', {
    summary:
      "The journal log's latest signed tree head as a C2SP checkpoint (signed note), with the witnesses' cosignatures",
    schema: {
      response: {
        200: textAnswer('A C2SP tlog-checkpoint signed note'),
        404: errorAnswerSchema.describe('No checkpoint signed yet'),
      },
    },
    config: { ...rateLimited(120, 1), errorCodes: ['no_checkpoint'] },
    handler: async (_req, reply) => {
      const head = await latestTreeHead(database.db);
      const note =
        head && checkpointNote(key.origin, head, await cosignaturesOf(database.db, head.size, witnesses));
      if (!note) throw new AppError('no_checkpoint');
      return reply.type('text/plain; charset=utf-8').send(note);
    },
  });

  route.get('/keys', {
    summary: "The log's origin, verifier key, signing key history and required witnesses",
    schema: { response: { 200: keysAnswerSchema } },
    config: { ...rateLimited(120, 1), errorCodes: [] },
    handler: async () => ({
      origin: key.origin,
      verifierKey: formatVerifierKey(logVerifierKey(key.origin, key.publicKey)),
      history: history.map((e) => ({ ...e, fingerprint: keyFingerprint(e.publicKey) })),
      witnesses: witnesses.map(formatVerifierKey),
    }),
  });

  route.post('/cosignatures', {
    summary:
      "A witness's C2SP tlog-cosignature of a checkpoint: the checkpoint note with the witness's signature line (text/plain)",
    schema: {
      response: {
        200: cosignatureAnswerSchema,
        400: errorAnswerSchema.describe('Not a checkpoint of this log, or the cosignature does not verify'),
        403: errorAnswerSchema.describe('No cosignature of a configured witness'),
        409: errorAnswerSchema.describe('This log never signed that checkpoint'),
      },
      body: z.string().min(1).max(NOTE_MAX_CHARS).describe('A C2SP signed note (text/plain)'),
    },
    // cosignatures.ts `acceptCosignatures`
    config: {
      ...rateLimited(60, 1),
      errorCodes: ['not_a_checkpoint', 'unknown_witness', 'bad_cosignature', 'not_our_checkpoint'],
    },
    handler: async (req) => acceptCosignatures(database.db, key.origin, witnesses, req.body),
  });
}
