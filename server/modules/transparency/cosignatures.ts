/**
 * Witness cosignatures of the journal log's checkpoints (docs/transparency.md "Witnesses"): a
 * witness (scripts/witness.ts, or any C2SP tlog-cosignature cosigner) checks that each new checkpoint
 * is consistent with the last one it saw and posts its cosignature back; the log keeps it beside the
 * head and serves it in the checkpoint's note. Only the witnesses configured in
 * TRANSPARENCY_WITNESSES are accepted, and only after their signature verifies over a checkpoint the
 * log really signed.
 *
 * Errors (AppError): BAD_REQUEST for a note that is not a checkpoint of this log or whose
 * cosignature does not verify; FORBIDDEN when it carries no configured witness's signature;
 * CONFLICT when the log never signed that checkpoint (another root at that size, or no such size).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TRANSPARENCY_LOG_MSG as MSG } from '@common/schemas/transparency-log';
import {
  parseCheckpointBody,
  parseSignedNote,
  signaturesOf,
  verifyCosignature,
  type VerifierKey,
} from '@common/transparency/signed-note';
import type { DbOrTx } from '../../db/client';
import { transparencyCosignatures, transparencyTreeHeads } from '../../db/schema';
import { AppError } from '../../lib/errors';

type TreeHeadRow = typeof transparencyTreeHeads.$inferSelect;
type CosignatureRow = typeof transparencyCosignatures.$inferSelect;

/**
 * Stores the configured witnesses' cosignatures found in `note` (a checkpoint of this log with one or
 * more cosignature lines). Answers how many witnesses' cosignatures it holds for that head now.
 */
export async function acceptCosignatures(
  db: DbOrTx,
  origin: string,
  witnesses: readonly VerifierKey[],
  note: string,
): Promise<{ size: number; witnesses: number }> {
  const parsed = parseSignedNote(note);
  const fields = parsed && parseCheckpointBody(parsed.body);
  if (!parsed || !fields || fields.origin !== origin) throw new AppError('not_a_checkpoint');
  const found = witnesses.flatMap((key) =>
    signaturesOf(parsed, key).map((signature) => ({ key, signature })),
  );
  if (found.length === 0) throw new AppError('unknown_witness');
  const rows = found.map(({ key, signature }) => {
    const timestamp = verifyCosignature(parsed.body, signature, key);
    if (timestamp === null) throw new AppError('bad_cosignature', MSG.badCosignature(key.name));
    return {
      size: fields.size,
      witnessName: key.name,
      keyId: key.keyId,
      timestamp,
      signature: Buffer.from(signature.signature.subarray(8)).toString('hex'),
    };
  });
  const [head] = await db
    .select({ rootHash: transparencyTreeHeads.rootHash })
    .from(transparencyTreeHeads)
    .where(eq(transparencyTreeHeads.size, fields.size));
  if (!head || head.rootHash !== fields.rootHash) throw new AppError('not_our_checkpoint');
  // a witness's first cosignature of a head stands: the table is append-only evidence
  await db.insert(transparencyCosignatures).values(rows).onConflictDoNothing();
  const held = await cosignaturesOf(db, fields.size, witnesses);
  return { size: fields.size, witnesses: held.length };
}

/** The stored cosignatures of the head of `size` by the configured `witnesses`, one per witness. */
export async function cosignaturesOf(
  db: DbOrTx,
  size: number,
  witnesses: readonly VerifierKey[],
): Promise<CosignatureRow[]> {
  if (witnesses.length === 0) return [];
  const rows = await db
    .select()
    .from(transparencyCosignatures)
    .where(
      and(
        eq(transparencyCosignatures.size, size),
        inArray(
          transparencyCosignatures.witnessName,
          witnesses.map((w) => w.name),
        ),
      ),
    );
  return witnesses.flatMap((w) =>
    rows.filter((r) => r.witnessName === w.name && r.keyId === w.keyId).slice(0, 1),
  );
}

/**
 * The latest head cosigned by every configured witness (the latest head when none is configured);
 * null when there is none yet.
 */
export async function latestWitnessedHead(
  db: DbOrTx,
  witnesses: readonly VerifierKey[],
): Promise<TreeHeadRow | null> {
  const query = db.select().from(transparencyTreeHeads);
  const witnessed =
    witnesses.length === 0
      ? query
      : query.where(
          sql`(select count(distinct (c.witness_name, c.key_id)) from ${transparencyCosignatures} c
                where c.size = ${transparencyTreeHeads.size}
                  and (c.witness_name, c.key_id) in (${sql.join(
                    witnesses.map((w) => sql`(${w.name}, ${w.keyId})`),
                    sql`, `,
                  )})) = ${witnesses.length}`,
        );
  const [row] = await witnessed.orderBy(desc(transparencyTreeHeads.size)).limit(1);
  return row ?? null;
}
