/**
 * "Download my evidence" (docs/transparency.md "Your evidence") on a real database: real postings
 * sealed under a rotated key with a witness's cosignature, the file downloaded through the route,
 * then checked by the standalone verifier (verifier/, code of its own) with node:crypto, with
 * WebCrypto and as the command; and one changed byte anywhere (but the one label no signature
 * covers) makes it fail. Also: who may download it, its bounds, and what it holds.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MSG, type EvidenceBundle } from '@common/schemas/evidence';
import { keyRotationBytes } from '@common/transparency/key-history';
import { COSIGNATURE_ED25519, verifierKey } from '@common/transparency/signed-note';
import { referenceCosignatureLine } from '../../test/c2sp-note-reference';
import { useTestContext } from '../../test/context';
import { client, postEntry, type NewEntry } from '../ledger/service';
import { createClient, createTestUser, type TestUser } from '../../test/factories';
import { evidenceBundle } from './evidence';
import { takeLiabilitiesSnapshot } from './liabilities';
import { sealJournal } from './seal';
import { signingKeyFor, signingKeyFromSeed } from './signing-key';
import { profitEntry } from '../../test/postings';
import { postRaw } from '../../test/raw-post';

const VERIFIER = path.resolve(import.meta.dirname, '../../../verifier');
type Outcome = { ok: boolean; failure?: string; report: string[] };
type Crypto = object;
const checks = (await import(pathToFileURL(path.join(VERIFIER, 'evidence-checks.mjs')).href)) as {
  verifyEvidence(text: string, options: { crypto: Crypto; pin?: string }): Promise<Outcome>;
};
const { nodeCrypto } = (await import(pathToFileURL(path.join(VERIFIER, 'verify-evidence.mjs')).href)) as {
  nodeCrypto: Crypto;
};
const { webCrypto } = (await import(pathToFileURL(path.join(VERIFIER, 'web-crypto.mjs')).href)) as {
  webCrypto: Crypto;
};
const verify = (text: string, pin?: string) => checks.verifyEvidence(text, { crypto: nodeCrypto, pin });

const seed = () => ed25519.utils.randomSecretKey();
const [oldKey, newSeed] = [signingKeyFromSeed(seed()), seed()];
const newKey = signingKeyFromSeed(newSeed);
const SINCE = '2026-06-01T00:00:00.000Z';
const FIRST_SINCE = '2026-01-01T00:00:00.000Z';
const history = [
  { publicKey: oldKey.publicKey, since: FIRST_SINCE, signature: null },
  {
    publicKey: newKey.publicKey,
    since: SINCE,
    signature: oldKey.sign(keyRotationBytes(oldKey.publicKey, newKey.publicKey, SINCE)),
  },
];
const witnessSeed = seed();
const WITNESS = 'witness.test/evidence';

const { t, inject } = useTestContext({
  transparencySigningKey: bytesToHex(newSeed),
  transparencyKeyHistory: history,
  transparencyWitnesses: [
    verifierKey(WITNESS, COSIGNATURE_ED25519, bytesToHex(ed25519.getPublicKey(witnessSeed))),
  ],
});

const dir = mkdtempSync(path.join(tmpdir(), 'evidence-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const db = () => t.database.db;
const post = (entry: NewEntry) => db().transaction((tx) => postEntry(tx, entry));
const profit = profitEntry;
const hold = (userId: string, cents: bigint): NewEntry => ({
  type: 'withdrawal_hold',
  userId,
  memo: 'held for review',
  lines: [
    { account: client(userId, 'available'), amount: -cents },
    { account: client(userId, 'held'), amount: cents },
  ],
});

/** Seals, then has the witness cosign the new checkpoint (as scripts/witness.ts would). */
async function sealAndCosign(): Promise<void> {
  await sealJournal(db(), signingKeyFor(t.app.ctx.config));
  const note = (await inject('GET', '/api/transparency/checkpoint')).body;
  const body = note.slice(0, note.indexOf('\n\n') + 1);
  const line = referenceCosignatureLine(body, 1_800_000_000n, Buffer.from(witnessSeed), WITNESS);
  const res = await postRaw(t.app, '/api/transparency/cosignatures', 'text/plain', `${note}${line}`);
  expect(res.statusCode).toBe(200);
}

const download = (u: TestUser, query = '') => inject('GET', `/api/transparency/evidence${query}`, u.headers);

/** `text` with the character at `i` changed into another of its kind (a digit, a hex digit, a letter…). */
function changedAt(text: string, i: number): string {
  const c = text[i]!;
  let to = 'x';
  if (/[0-8]/.test(c)) to = String(Number(c) + 1);
  else if (c === '9') to = '0';
  else if (/[a-eA-Yg-y]/.test(c)) to = String.fromCharCode(c.charCodeAt(0) + 1);
  else if (/[fzZ]/.test(c)) to = String.fromCharCode(c.charCodeAt(0) - 1);
  else if (c === ' ') to = '\t';
  else if (c === 'x') to = 'y';
  return text.slice(0, i) + to + text.slice(i + 1);
}

/** The index of the first character of `pattern` (a RegExp with one group) in `text`'s match. */
function at(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${pattern} is not in the file`);
  return match.index + match[0].length - match[1]!.length;
}

let alice: TestUser;
let first: string;
let file: string;

describe('the evidence route', () => {
  it('answers 404 with a message before the first checkpoint', async () => {
    alice = await createClient(t.app, { balance: 250_00n });
    const res = await download(alice);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'no_evidence_checkpoint', message: EVIDENCE_MSG.noCheckpoint });
  });

  it("answers the client's own sealed entries and openings, as a dated attachment", async () => {
    const bob = await createClient(t.app, { balance: 70_00n });
    await post(profit(alice.id, 12_34n, 'profit «ünïcode» "quoted" \\ and a line\nbreak'));
    await post(profit(bob.id, 5_00n, 'bob'));
    await post(hold(alice.id, 100_00n));
    // a proof of liabilities at a cut, then an entry of alice's after the cut, all sealed
    expect(await takeLiabilitiesSnapshot(db(), null, signingKeyFor(t.app.ctx.config))).not.toBeNull();
    await post(profit(alice.id, 7_00n, 'after the cut'));
    await sealAndCosign();
    const res = await download(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="evidence-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    first = res.body;
    const bundle = res.json() as EvidenceBundle;
    expect(bundle.client).toBe(alice.id);
    expect(bundle.entries.map((e) => [e.shown.type, e.shown.changeCents])).toEqual([
      ['deposit', '25000'],
      ['profit', '1234'],
      ['withdrawal_hold', '0'],
      ['profit', '700'],
    ]);
    expect(bundle.liabilities).toMatchObject({ included: true, totalAtCutCents: '26234' });
    expect(bundle.liabilities!.snapshotSeal).not.toBeNull();
    expect(bundle.liabilities!.sinceCut.map((e) => e.changeCents)).toEqual(['700']);
    expect(bundle.accounts.map((a) => JSON.parse(a.leaf).kind).sort()).toEqual(['available', 'held']);
    expect(bundle.keys.pinnedFingerprint).toBe(newKey.fingerprint);
    expect(bundle.earlier).toBeNull();
  });

  it('refuses staff (403) and strangers (401); is bounded (422 over the limit)', async () => {
    const staff = await createTestUser(t.app, { role: 'finance' });
    expect((await download(staff)).statusCode).toBe(403);
    expect((await inject('GET', '/api/transparency/evidence')).statusCode).toBe(401);
    const keys = { origin: newKey.origin, history, witnesses: [], signingKey: newKey.publicKey };
    await expect(evidenceBundle(db(), keys, alice.id, undefined, 5)).rejects.toMatchObject({
      statusCode: 422,
      message: EVIDENCE_MSG.tooMany,
    });
  });
});

describe('the standalone verifier', () => {
  it('verifies the file as served, with node:crypto and with WebCrypto', async () => {
    const outcome = await verify(first);
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.report.join('\n')).toMatch(
      /Your journal entries: 4, .* change your total funds by \$269\.34/,
    );
    expect(outcome.report.join('\n')).toMatch(
      /Your 3 leaves add up to \$262\.34, each included in that total/,
    );
    expect(outcome.report.join('\n')).toMatch(new RegExp(`Witness ${WITNESS} cosigned it`));
    expect(await checks.verifyEvidence(first, { crypto: webCrypto })).toMatchObject({ ok: true });
  });

  it('with the checkpoint the browser kept: verifies the log grew from it', async () => {
    const kept = (JSON.parse(first) as EvidenceBundle).checkpoint;
    const size = Number(kept.split('\n')[1]);
    await post(profit(alice.id, 1n, 'one cent'));
    await sealAndCosign();
    const res = await download(alice, `?since=${size}`);
    expect(res.statusCode).toBe(200);
    const bundle = res.json() as EvidenceBundle & { earlier: { checkpoint?: string } };
    expect(bundle.earlier?.size).toBe(size);
    bundle.earlier!.checkpoint = kept;
    file = `${JSON.stringify(bundle, null, 2)}\n`;
    const outcome = await verify(file);
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.report.at(-1)).toMatch(/Earlier checkpoint .*consistency proof verified/);
    // without the checkpoint it was asked for, the proof proves nothing: refused
    delete bundle.earlier!.checkpoint;
    expect((await verify(JSON.stringify(bundle))).failure).toMatch(/earlier checkpoint/);
  });

  it('verifies the file of a client who opened an account after the cut: no leaf, their opening instead', async () => {
    const carol = await createClient(t.app, { balance: 40_00n });
    await sealAndCosign();
    const bundle = (await download(carol)).json() as EvidenceBundle;
    expect(bundle.liabilities).toMatchObject({ included: false, leaves: [], totalAtCutCents: '0' });
    expect(bundle.liabilities!.opening?.account.owner).toBe(carol.id);
    expect(bundle.liabilities!.sinceCut.map((e) => e.changeCents)).toEqual(['4000']);
    const outcome = await verify(JSON.stringify(bundle));
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.report.join('\n')).toMatch(/You are not in this snapshot/);
    // her opening, as the proof names it, must be one of the openings the file proves
    const forged = structuredClone(bundle);
    forged.liabilities!.opening!.account.openedAt = '2020-01-01T00:00:00.000Z';
    expect((await verify(JSON.stringify(forged))).failure).toMatch(/your first opening/);
  });

  it('runs as a command: exit 0 and a report; 1 with the first failure; --pin an older key of the chain', async () => {
    const good = path.join(dir, 'good.json');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(good, file);
    writeFileSync(bad, changedAt(file, at(file, /"changeCents": "(\d)/)));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(VERIFIER, 'verify-evidence.mjs'), ...args]).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const ok = await run(good);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Evidence verified/);
    const failed = await run(bad);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /NOT VERIFIED: journal entry 1 shows a change of 35000 cents, sealed 25000/,
    );
    expect((await run(good, '--pin', oldKey.fingerprint)).code).toBe(0);
    const stranger = await run(good, '--pin', signingKeyFromSeed(seed()).fingerprint);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(/not in the key history/);
    expect((await run()).code).toBe(2);
  });

  it('fails on one changed byte in each part: amounts, hashes, signatures, proofs, the checkpoint, keys', async () => {
    const targets: Array<[string, RegExp]> = [
      ['an amount in a leaf', /\\"amount\\":\\"-?(\d)/],
      ['a memo in a leaf', /«(ü)/],
      ['a shown change', /"changeCents": "(\d)/],
      ['a shown type', /"type": "(p)rofit"/],
      ['a leaf index', /"leafIndex": (\d)/],
      ['an inclusion proof hash', /"auditPath": \[\s+"([0-9a-f])/],
      ['the checkpoint size', /"checkpoint": "[^\\]+\\n(\d)/],
      ['the checkpoint root', /"checkpoint": "[^\\]+\\n\d+\\n([A-Za-z0-9+/])/],
      ["the log's signature", /"checkpoint": "[^"]+?\\n\\n— \S+ ([A-Za-z0-9+/])/],
      ["the witness's cosignature", /\\n— witness\.test\/evidence [A-Za-z0-9+/]{20}([A-Za-z0-9+/])/],
      ['the tree head time', /"timestamp": "\d{3}(\d)/],
      ['the tree head signature', /"treeHead": \{[^}]+"signature": "([0-9a-f])/],
      ['a public key of the history', /"publicKey": "([0-9a-f])/],
      ['a rotation signature', /"signature": "([0-9a-f])/],
      ['a rotation time', /"since": "2026-0(6)/],
      ['the pinned fingerprint', /"pinnedFingerprint": "([0-9a-f])/],
      ['the witness key', /"witnesses": \[\s+"witness\.test\/evidence\+([0-9a-f])/],
      ['the consistency proof', /"consistency": \[\s+"([0-9a-f])/],
      ['the earlier checkpoint', /"earlier": \{[^}]+"checkpoint": "[^\\]+\\n\d+\\n([A-Za-z0-9+/])/],
      ['the client', /"client": "([0-9a-f])/],
      ['the format', /"format": "honest-broker-evidence\/(1)/],
      ['the layout', /\n( ) +"entries"/],
      ['a liabilities leaf total', /"leaves": \[\s+\{[^}]+"totalCents": "(\d)/],
      ['a liabilities path sum', /"path": \[\s+\{[^}]+"sum": "(\d)/],
      ['a liabilities salt', /"salt": "([0-9a-f])/],
      ['the liabilities snapshot signature', /"cutSize": \d+,\s+"signature": "([0-9a-f])/],
      ["the snapshot's seal", /"snapshotSeal": \{\s+"leafIndex": \d+,\s+"auditPath": \[\s+"([0-9a-f])/],
      ['your total at the cut', /"totalAtCutCents": "(\d)/],
      ['a change since the cut', /"sinceCut": \[\s+\{[^}]+"changeCents": "(\d)/],
      ['an entry since the cut', /"sinceCut": \[[\s\S]+?"memo": "(a)fter the cut"/],
    ];
    for (const [name, pattern] of targets) {
      const outcome = await verify(changedAt(file, at(file, pattern)));
      expect(outcome.ok, `${name}: ${outcome.failure}`).toBe(false);
    }
  });

  it('fails on a changed byte at every 5th place of the file, but the first key\'s "since" (a label nothing signs)', async () => {
    const label = at(file, /"since": "(2)026-01/);
    const passed: number[] = [];
    for (let i = 0; i < file.length - 1; i += 5) {
      if (i >= label && i < label + FIRST_SINCE.length) continue;
      if ((await verify(changedAt(file, i))).ok) passed.push(i);
    }
    expect(passed.map((i) => file.slice(i - 20, i + 20))).toEqual([]);
  }, 180_000); // a few thousand verifications: seconds alone, a minute on a busy 2-core machine
});
