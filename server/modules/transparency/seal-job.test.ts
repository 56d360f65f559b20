/**
 * The signing key's sources (setting, DATA_DIR file kept across restarts, memory in tests) and the
 * seal as a scheduled job of server/jobs.ts: started with the app when its interval is set, off when
 * it is not.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { transparencyTreeHeads } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/app';
import { createClient } from '../../test/factories';
import { SIGNING_KEY_FILE, signingKeyFor } from './signing-key';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the signing key', () => {
  const seedHex = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';

  it('takes TRANSPARENCY_SIGNING_KEY as hex or base64, and refuses anything else at start-up', () => {
    const hex = loadConfig({ TRANSPARENCY_SIGNING_KEY: seedHex, DATA_DIR: '/nonexistent' });
    const b64 = loadConfig({ TRANSPARENCY_SIGNING_KEY: Buffer.from(seedHex, 'hex').toString('base64') });
    expect(hex.transparencySigningKey).toBe(seedHex);
    expect(b64.transparencySigningKey).toBe(seedHex);
    // RFC 8032 §7.1 test 1: this seed's public key
    expect(signingKeyFor(hex).publicKey).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
    expect(() => loadConfig({ TRANSPARENCY_SIGNING_KEY: 'abc' })).toThrow(/TRANSPARENCY_SIGNING_KEY/);
  });

  it('without the setting, generates one key into DATA_DIR (mode 600) and keeps it across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signing-key-'));
    dirs.push(dir);
    const first = signingKeyFor({ dataDir: dir });
    const file = path.join(dir, SIGNING_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = signingKeyFor({ dataDir: dir });
    expect(again.publicKey).toBe(first.publicKey);
    expect(first.fingerprint).toBe(Buffer.from(sha256(Buffer.from(first.publicKey, 'hex'))).toString('hex'));
    const message = new TextEncoder().encode('a statement');
    expect(
      ed25519.verify(Buffer.from(first.sign(message), 'hex'), message, Buffer.from(again.publicKey, 'hex')),
    ).toBe(true);
  });

  it('in memory without a data folder: one key per config, another config another key', () => {
    const config = { dataDir: null };
    expect(signingKeyFor(config).publicKey).toBe(signingKeyFor(config).publicKey);
    expect(signingKeyFor({ dataDir: null }).publicKey).not.toBe(signingKeyFor(config).publicKey);
  });
});

describe('the seal job', () => {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await createTestContext({ transparencySealIntervalMs: 200 });
  });
  afterAll(async () => t?.close());

  it('seals the journal on its own when TRANSPARENCY_SEAL_INTERVAL_MS is set', async () => {
    if (!t) throw new Error('no context');
    await createClient(t.app, { balance: 10_00n });
    let heads: unknown[] = [];
    for (let i = 0; i < 100 && heads.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      heads = await t.database.db.select().from(transparencyTreeHeads);
    }
    expect(heads).toHaveLength(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/transparency/tree-head' });
    // the client's available account and the house's cash account opened, then the funding entry
    expect(res.json().size).toBe(3);
  });
});
