/**
 * Every kind of message the transparency key signs, each in its own signing context, so that a
 * signature made for one kind never verifies as another (docs/transparency.md "One key, separate
 * contexts"). Each message starts with a first line no other kind can start with:
 *
 * | kind                 | the signed bytes start with                              | made by                   |
 * |----------------------|----------------------------------------------------------|---------------------------|
 * | tree head (JSON)     | `broker-transparency-tree-head-v1\n` (journal.ts)        | the seal                  |
 * | checkpoint           | the origin line (signed-note.ts; an origin never starts  | the seal                  |
 * |                      | with `broker-transparency-` or `%`, config.ts)           |                           |
 * | statement            | `broker-transparency-statement-v2\n`, then the PDF       | statement-signature.ts    |
 * | liabilities snapshot | `broker-transparency-liabilities-snapshot-v1\n`          | liabilities.ts            |
 * | key rotation         | `broker-transparency-key-rotation-v1\n` (key-history.ts) | scripts/transparency-key  |
 *
 * Statements issued before contexts existed were signed over the bare PDF (it starts with `%PDF-`);
 * they still verify (statement-signature.ts), and no other kind of message starts with `%`.
 * Pure and browser-safe.
 */

/** The first line of a statement's signed bytes (version 2 of the statement signature). */
export const STATEMENT_CONTEXT = 'broker-transparency-statement-v2\n';

/** The first line of a liabilities snapshot's signed bytes. */
export const SNAPSHOT_CONTEXT = 'broker-transparency-liabilities-snapshot-v1\n';

/** The first line of a key rotation's signed bytes. */
export const KEY_ROTATION_CONTEXT = 'broker-transparency-key-rotation-v1\n';

/** What every one of our own contexts starts with (an origin must not). */
export const CONTEXT_FAMILY = 'broker-transparency-';

const encoder = new TextEncoder();

/** `context` (UTF-8) followed by `bytes`. */
export function withContext(context: string, bytes: Uint8Array): Uint8Array {
  const head = encoder.encode(context);
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head, 0);
  out.set(bytes, head.length);
  return out;
}

/** A liabilities snapshot as signed: id, time (ISO 8601 UTC, ms), root hash (hex), total (cents), accounts. */
export interface SnapshotFields {
  snapshotId: string;
  snapshotAt: string;
  rootHash: string;
  totalCents: string;
  accounts: number;
}

/**
 * The bytes a snapshot's signature covers:
 * `broker-transparency-liabilities-snapshot-v1\n<id>\n<time>\n<root hash>\n<total cents>\n<accounts>\n`.
 */
export function snapshotSigningBytes(s: SnapshotFields): Uint8Array {
  return encoder.encode(
    `${SNAPSHOT_CONTEXT}${s.snapshotId}\n${s.snapshotAt}\n${s.rootHash}\n${s.totalCents}\n${s.accounts}\n`,
  );
}
