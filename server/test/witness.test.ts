/**
 * The witness (scripts/witness.ts, scripts/witness/) against two real logs over HTTP: two apps on
 * two databases signing with the same key under the same origin, i.e. an operator showing two
 * histories. The witness cosigns the first log's checkpoint and its consistent growth (the log
 * serves the cosignature, checked by the independent C2SP verifier), then, shown the second log,
 * refuses: a split view, reported with both signed checkpoints, exit code 2, its state kept.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifierKey } from '@common/transparency/signed-note';
import { main } from '../../scripts/witness';
import { runWitness, witnessVerifierKey } from '../../scripts/witness/witness';
import { createClient } from './factories';
import { sealJournal } from '../modules/transparency/seal';
import { signingKeyFor } from '../modules/transparency/signing-key';
import { createTestContext, type TestContext } from './app';
import { referenceVerifyCheckpoint } from './c2sp-note-reference';

const dir = mkdtempSync(path.join(tmpdir(), 'witness-test-'));
const keyPath = path.join(dir, 'witness-key');
const statePath = path.join(dir, 'state.json');
const seed = Buffer.from(ed25519.utils.randomSecretKey());
writeFileSync(keyPath, `${seed.toString('hex')}\n`);
const NAME = 'witness.test/w1';
const witnessKey = witnessVerifierKey(NAME, seed);
const logSeed = Buffer.from(ed25519.utils.randomSecretKey()).toString('hex');

let a: TestContext;
let b: TestContext;
let urlA: string;
let urlB: string;
let time = 1_790_000_000;
const witness = (log: string) => runWitness({ log, statePath, keyPath, name: NAME, now: () => (time += 60) });
const seal = (t: TestContext) => sealJournal(t.database.db, signingKeyFor(t.app.ctx.config));
const logKey = () => {
  const key = signingKeyFor(a.app.ctx.config);
  return { name: key.origin, publicKey: Buffer.from(key.publicKey, 'hex') };
};
const cosigner = { name: NAME, publicKey: Buffer.from(parseVerifierKey(witnessKey)!.publicKey, 'hex') };

beforeAll(async () => {
  const config = { transparencySigningKey: logSeed, transparencyWitnesses: [parseVerifierKey(witnessKey)!] };
  // one after the other: two apps starting at once on a busy machine can outlast a plugin's start timeout
  a = await createTestContext(config);
  b = await createTestContext(config);
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000); // two apps, each migrating a database of its own (an embedded one is slower)
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('the witness', () => {
  it("cosigns the log's first checkpoint and its consistent growth; the log serves the cosignature", async () => {
    await createClient(a.app, { balance: 100_00n });
    await createClient(b.app, { balance: 200_00n });
    const [sealedA, sealedB] = [await seal(a), await seal(b)];
    expect(sealedA.size).toBe(sealedB.size); // the same size, two different roots: two histories

    const first = await witness(urlA);
    expect(first).toMatchObject({ outcome: 'cosigned', witnessKey });
    expect(first.message).toMatch(new RegExp(`^cosigned the checkpoint of ${sealedA.size} entries`));
    let served = await (await fetch(`${urlA}/api/transparency/checkpoint`)).text();
    expect(referenceVerifyCheckpoint(served, logKey(), [cosigner]).cosigned[NAME]).toBe(BigInt(time));

    await createClient(a.app, { balance: 50_00n });
    const grown = await seal(a);
    expect(grown.size).toBeGreaterThan(sealedA.size);
    expect((await witness(urlA)).outcome).toBe('cosigned');
    served = await (await fetch(`${urlA}/api/transparency/checkpoint`)).text();
    const checked = referenceVerifyCheckpoint(served, logKey(), [cosigner]);
    expect(Number(checked.size)).toBe(grown.size);
    // the clients' tree head is now the cosigned one
    expect(
      ((await (await fetch(`${urlA}/api/transparency/tree-head`)).json()) as { size: number }).size,
    ).toBe(grown.size);
  });

  it('refuses a split view: the other log under the same key and origin, both checkpoints reported', async () => {
    // the other log: as many entries as the first, then more
    await createClient(b.app, { balance: 60_00n });
    await seal(b);
    await createClient(b.app, { balance: 70_00n });
    await seal(b);
    const kept = readFileSync(statePath, 'utf8');
    const lastNote = (JSON.parse(kept) as { checkpoint: string }).checkpoint;
    const bNote = await (await fetch(`${urlB}/api/transparency/checkpoint`)).text();
    referenceVerifyCheckpoint(bNote, logKey()); // the other history is validly signed by the same key

    const refused = await witness(urlB);
    expect(refused.outcome).toBe('refused');
    expect(refused.message).toMatch(
      /^SPLIT VIEW: the consistency proof from \d+ to \d+ entries does not verify/,
    );
    expect(refused.message).toContain(lastNote);
    expect(refused.message).toContain(bNote);
    expect(readFileSync(statePath, 'utf8')).toBe(kept);
    // nothing was cosigned on the other log
    expect(await (await fetch(`${urlB}/api/transparency/checkpoint`)).text()).toBe(bNote);

    // the command line says so with exit code 2
    const lines: string[] = [];
    const code = await main(['--log', urlB, '--state', statePath, '--key', keyPath, '--name', NAME], (line) =>
      lines.push(line),
    );
    expect(code).toBe(2);
    expect(lines[0]).toBe(`witness key: ${witnessKey}`);
    expect(lines[1]).toMatch(/^SPLIT VIEW/);
    // the true log still extends what the witness holds
    expect((await witness(urlA)).outcome).toBe('cosigned');
  });

  it('refuses a log that shrank or whose same size has another root, and fails on a tampered state', async () => {
    const dir2 = mkdtempSync(path.join(tmpdir(), 'witness-test-'));
    const state2 = path.join(dir2, 'state.json');
    const run = (log: string) => runWitness({ log, statePath: state2, keyPath, name: NAME });
    expect((await run(urlB)).outcome).toBe('cosigned');
    const held = readFileSync(state2, 'utf8');
    // the first log is smaller than the checkpoint the witness now holds
    expect((await run(urlA)).message).toMatch(/^SPLIT VIEW: the log shrank from \d+ to \d+ entries/);
    // a stored checkpoint changed on disk no longer verifies: the witness fails rather than trust it
    const state = JSON.parse(held) as { checkpoint: string };
    const changed = state.checkpoint.replace(/\n(\d+)\n/, (_m, n: string) => `\n${Number(n) + 1}\n`);
    writeFileSync(state2, JSON.stringify({ ...state, checkpoint: changed }));
    expect(await run(urlB)).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/does not verify/),
    });
    writeFileSync(state2, held);
    // the first log grows to the same size: another root
    await createClient(a.app, { balance: 80_00n });
    await seal(a);
    expect((await run(urlA)).message).toMatch(/^SPLIT VIEW: the same size has another root hash/);
    expect(readFileSync(state2, 'utf8')).toBe(held);
    rmSync(dir2, { recursive: true, force: true });
  });
});
