/**
 * The transparency signing key rotated on a running log (docs/operations.md "Keys and their
 * rotation"): an app signs tree heads and a statement with the old seed; `npm run
 * transparency:rotate` writes the history; the app restarted on the same database with the new seed
 * and the history publishes both keys, signs new heads with the new key, still accepts the
 * statement signed before, and the integrity check passes over heads of both keys. Without the
 * history, the old heads fail it (what the history is for).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTreeHead } from '@common/transparency/journal';
import { keysTrustedFrom } from '@common/transparency/key-history';
import { main as rotate } from '../../../scripts/transparency-key';
import { buildApp } from '../../app';
import type { AppInstance } from '../../app-context';
import type { Config } from '../../config';
import { readKeyHistory } from '../../config-files';
import type { Database } from '../../db/client';
import { createTestDatabase, testConfig } from '../../test/app';
import { createClient, fundClient } from '../../test/factories';
import { runIntegrityCheck } from './integrity';
import { sealJournal } from './seal';
import { signatureTrustFor, signingKeyFor, trustedKeysFor } from './signing-key';
import { checkStatementSignature, signStatement } from './statement-signature';

let database: Database;
let drop: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  dir = mkdtempSync(path.join(tmpdir(), 'transparency-rotation-'));
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` on an app built on the shared database with `overrides`, then closes the app. */
async function withApp<T>(overrides: Partial<Config>, fn: (app: AppInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(
    testConfig({ transparencyOrigin: 'broker.test/journal', ...overrides }),
    database,
  );
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/** Posts a deposit to a new client and seals it: a new tree head signed by `app`'s key. */
async function newHead(app: AppInstance) {
  const c = await createClient(app);
  await fundClient(database.db, c.id, 12_34n);
  expect((await sealJournal(database.db, signingKeyFor(app.ctx.config))).appended).toBeGreaterThan(0);
  const res = await app.inject({ method: 'GET', url: '/api/transparency/tree-head' });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    size: number;
    rootHash: string;
    timestamp: string;
    signature: string;
    publicKey: string;
  };
}

const pdf = Buffer.from('%PDF-1.3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

describe('rotating the transparency signing key', () => {
  it('old statements and heads still verify through the history; new heads are signed by the new key', async () => {
    const oldSeed = bytesToHex(ed25519.utils.randomSecretKey());
    const newSeed = bytesToHex(ed25519.utils.randomSecretKey());
    const { oldHead, statement, oldKey } = await withApp({ transparencySigningKey: oldSeed }, async (app) => {
      const key = signingKeyFor(app.ctx.config);
      return { oldHead: await newHead(app), statement: signStatement(pdf, key), oldKey: key.publicKey };
    });
    expect(verifyTreeHead(oldHead, oldKey)).toBe(true);

    const file = path.join(dir, 'history.json');
    expect(rotate(['--history', file, '--old-seed', oldSeed, '--new-seed', newSeed], () => undefined)).toBe(
      0,
    );
    const rotated = { transparencySigningKey: newSeed, transparencyKeyHistory: readKeyHistory(file) };

    await withApp(rotated, async (app) => {
      const newKey = signingKeyFor(app.ctx.config).publicKey;
      expect(newKey).not.toBe(oldKey);
      const keys = (await app.inject({ method: 'GET', url: '/api/transparency/keys' })).json();
      expect(keys.history.map((e: { publicKey: string }) => e.publicKey)).toEqual([oldKey, newKey]);
      // a client that pinned the old key trusts the new one through the history
      expect(keysTrustedFrom(oldKey, keys.history)).toEqual([oldKey, newKey]);

      const head = await newHead(app);
      expect(head.size).toBeGreaterThan(oldHead.size);
      expect(head.publicKey).toBe(newKey);
      expect(verifyTreeHead(head, newKey)).toBe(true);
      expect(verifyTreeHead(head, oldKey)).toBe(false);

      const trusted = trustedKeysFor(app.ctx.config);
      expect(checkStatementSignature(statement, trusted).check).toBe('authentic');
      expect(checkStatementSignature(signStatement(pdf, signingKeyFor(app.ctx.config)), trusted).check).toBe(
        'authentic',
      );
      const check = await runIntegrityCheck(database.db, { trust: signatureTrustFor(app.ctx.config) });
      expect(check.firstDivergence).toBeNull();
    });

    // the new key without its history: the heads signed before are another key's
    await withApp({ transparencySigningKey: newSeed }, async (app) => {
      const check = await runIntegrityCheck(database.db, { trust: signatureTrustFor(app.ctx.config) });
      expect(check.ok).toBe(false);
      expect(checkStatementSignature(statement, trustedKeysFor(app.ctx.config)).check).toBe('otherKey');
    });
  }, 120_000);
});
