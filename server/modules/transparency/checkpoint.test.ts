/**
 * Checkpoints, witnesses and keys on a real database: the checkpoint of a sealed journal verifies
 * with the independent C2SP verifier (server/test/c2sp-note-reference.ts, written from the specs)
 * and any one changed byte fails it; the JSON tree head is a view of the same head; a configured
 * witness's cosignature is accepted only when it verifies over a checkpoint the log signed, and the
 * tree head clients read is the latest one every witness cosigned; tree heads re-signed with a
 * foreign key (raw SQL, triggers off) fail the integrity check `npm run ledger:verify` runs, as do
 * a checkpoint signature from another key, a later head without one, and a liabilities snapshot
 * unsigned after a signed one or signed by another key.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRANSPARENCY_LOG_MSG } from '@common/schemas/transparency-log';
import { treeHeadSigningBytes } from '@common/transparency/journal';
import { keyFingerprint } from '@common/transparency/key-history';
import { COSIGNATURE_ED25519, verifierKey } from '@common/transparency/signed-note';
import { queryRows } from '../../db/client';
import {
  referenceCosignatureLine,
  referenceKeyId,
  referenceVerifyCheckpoint,
} from '../../test/c2sp-note-reference';
import { useTestContext } from '../../test/context';
import { createClient } from '../../test/factories';
import { runIntegrityCheck } from './integrity';
import { takeLiabilitiesSnapshot } from './liabilities';
import { sealJournal } from './seal';
import { signatureTrustFor, signingKeyFor } from './signing-key';
import { postRaw } from '../../test/raw-post';

const witnessSeed = ed25519.utils.randomSecretKey();
const witnessPub = ed25519.getPublicKey(witnessSeed);
const WITNESS = 'witness.test/w1';

const { t, inject } = useTestContext({
  transparencyWitnesses: [verifierKey(WITNESS, COSIGNATURE_ED25519, bytesToHex(witnessPub))],
});

const key = () => signingKeyFor(t.app.ctx.config);
const seal = () => sealJournal(t.database.db, key());
const checkpoint = async () => (await inject('GET', '/api/transparency/checkpoint')).body;
const logKey = () => ({ name: key().origin, publicKey: Buffer.from(key().publicKey, 'hex') });

/** A cosignature line of the test witness over `body` at `time` (the reference's, built from the spec). */
const cosign = (body: string, time: bigint, seed = witnessSeed, name = WITNESS): string =>
  referenceCosignatureLine(body, time, Buffer.from(seed), name);

const postNote = (note: string) => postRaw(t.app, '/api/transparency/cosignatures', 'text/plain', note);

async function asSuperuser(statement: ReturnType<typeof sql>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('checkpoints', () => {
  it('answers 404 with a message before the first seal', async () => {
    const res = await inject('GET', '/api/transparency/checkpoint');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'no_checkpoint', message: TRANSPARENCY_LOG_MSG.noCheckpoint });
  });

  it('the checkpoint verifies with the independent C2SP verifier; one changed byte fails it', async () => {
    await createClient(t.app, { balance: 250_00n });
    await seal();
    const res = await inject('GET', '/api/transparency/checkpoint');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const note = res.body;
    const parsed = referenceVerifyCheckpoint(note, logKey());
    expect(parsed.origin).toBe('127.0.0.1:3000/journal');
    const [head] = await queryRows<{ size: string; root_hash: string }>(
      t.database.db,
      sql`select size::text, root_hash from transparency_tree_heads order by size desc limit 1`,
    );
    expect(parsed.size).toBe(BigInt(head!.size));
    expect(parsed.root.toString('hex')).toBe(head!.root_hash);
    // every byte of the note, changed, fails: body (origin, size, root), signature line
    const bytes = Buffer.from(note, 'utf8');
    let refused = 0;
    for (let at = 0; at < bytes.length; at += 1) {
      if (bytes[at] === 0x0a || bytes[at]! >= 0x80) continue;
      const changed = Buffer.from(bytes);
      changed[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
      expect(() => referenceVerifyCheckpoint(changed.toString('utf8'), logKey()), `byte ${at}`).toThrow();
      refused += 1;
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('with a witness configured, clients are offered no head before the witness cosigns one', async () => {
    const res = await inject('GET', '/api/transparency/tree-head');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'no_tree_head', message: TRANSPARENCY_LOG_MSG.noTreeHead });
  });
});

describe('witness cosignatures', () => {
  it("accepts a configured witness's cosignature of a checkpoint the log signed, and serves it", async () => {
    const note = await checkpoint();
    const body = `${note.split('\n\n')[0]}\n`;
    const res = await postNote(`${body}\n${cosign(body, 1_790_000_000n)}`);
    expect(res.statusCode).toBe(200);
    const { size } = referenceVerifyCheckpoint(note, logKey());
    expect(res.json()).toEqual({ size: Number(size), witnesses: 1 });
    const served = await checkpoint();
    const checked = referenceVerifyCheckpoint(served, logKey(), [
      { name: WITNESS, publicKey: Buffer.from(witnessPub) },
    ]);
    expect(checked.cosigned[WITNESS]).toBe(1_790_000_000n);
    // the tree head clients read now carries it: the JSON fields are a view of the same head
    const json = (await inject('GET', '/api/transparency/tree-head')).json();
    expect(json.checkpoint).toBe(served);
    expect([json.size, json.rootHash, json.origin]).toEqual([
      Number(size),
      checked.root.toString('hex'),
      checked.origin,
    ]);
    // a second post of the same witness keeps the first cosignature (append-only evidence)
    expect((await postNote(`${body}\n${cosign(body, 1_790_000_100n)}`)).json()).toEqual({
      size: Number(size),
      witnesses: 1,
    });
    expect(await checkpoint()).toBe(served);
  });

  it('the tree head clients read is the latest every witness cosigned, not a newer unwitnessed one', async () => {
    const before = (await inject('GET', '/api/transparency/tree-head')).json();
    await createClient(t.app, { balance: 10_00n });
    await seal();
    const latest = referenceVerifyCheckpoint(await checkpoint(), logKey());
    expect(Number(latest.size)).toBeGreaterThan(before.size);
    expect((await inject('GET', '/api/transparency/tree-head')).json().size).toBe(before.size);
  });

  it('refuses a stranger (403), a bad cosignature or another log (400), a checkpoint the log never signed (409)', async () => {
    const note = await checkpoint();
    const body = `${note.split('\n\n')[0]}\n`;
    const stranger = ed25519.utils.randomSecretKey();
    const cases: Array<[string, number, string]> = [
      [`${body}\n${cosign(body, 1n, stranger, 'stranger.test/w')}`, 403, TRANSPARENCY_LOG_MSG.unknownWitness],
      [`${body}\n${cosign(body, 1n, stranger)}`, 403, TRANSPARENCY_LOG_MSG.unknownWitness],
      [`${body}\n${cosign(`${body}x\n`, 1n)}`, 400, TRANSPARENCY_LOG_MSG.badCosignature(WITNESS)],
      [
        body.replace(/^[^\n]+/, 'other.test/log') + `\n${cosign(body, 1n)}`,
        400,
        TRANSPARENCY_LOG_MSG.notACheckpoint,
      ],
      ['not a note', 400, TRANSPARENCY_LOG_MSG.notACheckpoint],
    ];
    const forged = body.replace(/\n[^\n]+\n$/, `\n${Buffer.alloc(32, 7).toString('base64')}\n`);
    cases.push([`${forged}\n${cosign(forged, 1n)}`, 409, TRANSPARENCY_LOG_MSG.notOurCheckpoint]);
    for (const [payload, status, message] of cases) {
      const res = await postNote(payload);
      expect([res.statusCode, res.json().message], payload).toEqual([status, message]);
    }
  });
});

describe('keys', () => {
  it('GET /keys publishes the origin, the verifier key, the history and the witnesses', async () => {
    const res = await inject('GET', '/api/transparency/keys');
    expect(res.statusCode).toBe(200);
    const keys = res.json();
    const id = referenceKeyId(key().origin, 0x01, Buffer.from(key().publicKey, 'hex')).toString('hex');
    const material = Buffer.concat([Buffer.from([1]), Buffer.from(key().publicKey, 'hex')]).toString(
      'base64',
    );
    expect(keys).toEqual({
      origin: key().origin,
      verifierKey: `${key().origin}+${id}+${material}`,
      history: [
        {
          publicKey: key().publicKey,
          fingerprint: key().fingerprint,
          since: '1970-01-01T00:00:00.000Z',
          signature: null,
        },
      ],
      witnesses: [expect.stringMatching(/^witness\.test\/w1\+[0-9a-f]{8}\+/)],
    });
  });

  it('heads re-signed with a foreign key fail the integrity check, naming the key; put back, it passes', async () => {
    const trust = () => signatureTrustFor(t.app.ctx.config);
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBeNull();
    const rows = await queryRows<Record<string, string>>(
      t.database.db,
      sql`select size::text as size, root_hash, timestamp_ms::text as ms, signature, public_key, key_fingerprint
            from transparency_tree_heads order by size`,
    );
    const foreign = ed25519.utils.randomSecretKey();
    const foreignPub = bytesToHex(ed25519.getPublicKey(foreign));
    const head = rows[0]!;
    const timestamp = new Date(Number(head.ms)).toISOString();
    const resigned = bytesToHex(
      ed25519.sign(
        treeHeadSigningBytes({ size: Number(head.size), rootHash: String(head.root_hash), timestamp }),
        foreign,
      ),
    );
    // the row names the foreign key and carries a signature that verifies with it
    await asSuperuser(
      sql`update transparency_tree_heads set signature = ${resigned}, public_key = ${foreignPub},
            key_fingerprint = ${keyFingerprint(foreignPub)} where size = ${Number(head.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBe(
      `the tree head of size ${head.size} (${timestamp}): signed with key ${keyFingerprint(foreignPub)}, neither the configured key nor in its published key history`,
    );
    // the row keeps our fingerprint but the foreign signature: it does not verify
    await asSuperuser(
      sql`update transparency_tree_heads set key_fingerprint = ${String(head.key_fingerprint)} where size = ${Number(head.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toMatch(
      /signature does not verify with key/,
    );
    await asSuperuser(
      sql`update transparency_tree_heads set signature = ${String(head.signature)}, public_key = ${String(head.public_key)}
            where size = ${Number(head.size)}`,
    );
    // a checkpoint signature by the foreign key under our origin fails too
    const [{ cp }] = await queryRows<{ cp: string }>(
      t.database.db,
      sql`select checkpoint_signature as cp from transparency_tree_heads where size = ${Number(head.size)}`,
    );
    const body = new TextEncoder().encode(
      `${key().origin}\n${head.size}\n${Buffer.from(String(head.root_hash), 'hex').toString('base64')}\n`,
    );
    await asSuperuser(
      sql`update transparency_tree_heads set checkpoint_signature = ${bytesToHex(ed25519.sign(body, foreign))} where size = ${Number(head.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toMatch(
      /checkpoint signature does not verify/,
    );
    await asSuperuser(
      sql`update transparency_tree_heads set checkpoint_signature = ${cp} where size = ${Number(head.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBeNull();
    // a later head stripped of its checkpoint signature, as if signed before checkpoints existed
    const last = rows.at(-1)!;
    expect(Number(last.size)).toBeGreaterThan(Number(head.size));
    const [{ lastCp }] = await queryRows<{ lastCp: string }>(
      t.database.db,
      sql`select checkpoint_signature as "lastCp" from transparency_tree_heads where size = ${Number(last.size)}`,
    );
    await asSuperuser(
      sql`update transparency_tree_heads set checkpoint_signature = null where size = ${Number(last.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toMatch(
      new RegExp(
        `^the tree head of size ${last.size} .*: has no checkpoint signature, though an earlier head has one$`,
      ),
    );
    await asSuperuser(
      sql`update transparency_tree_heads set checkpoint_signature = ${lastCp} where size = ${Number(last.size)}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBeNull();
  });

  it('liabilities snapshots are signed in their own context; a snapshot changed or left unsigned fails the check', async () => {
    const trust = () => signatureTrustFor(t.app.ctx.config);
    await takeLiabilitiesSnapshot(t.database.db, null, key());
    const second = (await takeLiabilitiesSnapshot(t.database.db, null, key()))!;
    const bytes = Buffer.from(
      `broker-transparency-liabilities-snapshot-v1\n${second.snapshotId}\n${second.snapshotAt}\n${second.rootHash}\n${second.totalCents}\n${second.accounts}\n`,
    );
    expect(
      ed25519.verify(Buffer.from(second.signature!, 'hex'), bytes, Buffer.from(key().publicKey, 'hex')),
    ).toBe(true);
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBeNull();
    await asSuperuser(sql`update liabilities_snapshots set signature = null where id = ${second.snapshotId}`);
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toMatch(
      /: not signed, though an earlier snapshot is$/,
    );
    const foreign = bytesToHex(ed25519.sign(bytes, ed25519.utils.randomSecretKey()));
    await asSuperuser(
      sql`update liabilities_snapshots set signature = ${foreign} where id = ${second.snapshotId}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toMatch(
      /its signature does not verify with any key of the published key history$/,
    );
    await asSuperuser(
      sql`update liabilities_snapshots set signature = ${second.signature} where id = ${second.snapshotId}`,
    );
    expect((await runIntegrityCheck(t.database.db, { trust: trust() })).firstDivergence).toBeNull();
  });
});
