/**
 * One key, separate contexts (docs/transparency.md "One key, separate contexts"): every kind of
 * message the transparency key signs (tree head, checkpoint, statement, liabilities snapshot, key
 * rotation) is recognised as exactly one kind, so a signature made for one never verifies as
 * another; a statement signed before contexts existed still verifies, and a bare signature over
 * anything but a PDF does not pass as one. The key history: a rotation certified by the previous
 * key extends trust, a forged one does not, and statements signed by a retired key still verify.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { treeHeadSigningBytes, TREE_HEAD_PREFIX } from '@common/transparency/journal';
import {
  checkKeyHistory,
  keyRotationBytes,
  keysTrustedFrom,
  type KeyHistoryEntry,
} from '@common/transparency/key-history';
import { checkpointBody, parseCheckpointBody, parseSignedNote } from '@common/transparency/signed-note';
import {
  CONTEXT_FAMILY,
  KEY_ROTATION_CONTEXT,
  SNAPSHOT_CONTEXT,
  snapshotSigningBytes,
  STATEMENT_CONTEXT,
} from '@common/transparency/signing-contexts';
import { main as rotate } from '../../../scripts/transparency-key';
import { loadConfig } from '../../config';
import { checkStatementSignature, signStatement, statementSigningBytes } from './statement-signature';
import { keyHistoryFor, signingKeyFromSeed, trustedKeysFor } from './signing-key';

const seed = () => ed25519.utils.randomSecretKey();
const key = signingKeyFromSeed(seed(), 'broker.test/journal');
const root = 'ab'.repeat(32);
const pdf = Buffer.from('%PDF-1.3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

/** Every kind of signed message, as the product builds it. */
const messages: Record<string, Uint8Array> = {
  treeHead: treeHeadSigningBytes({ size: 7, rootHash: root, timestamp: '2026-11-01T00:00:00.000Z' }),
  checkpoint: new TextEncoder().encode(checkpointBody({ origin: key.origin, size: 7, rootHash: root })),
  statement: statementSigningBytes(pdf),
  snapshot: snapshotSigningBytes({
    snapshotId: '0190a0b0-0000-7000-8000-000000000001',
    snapshotAt: '2026-11-01T00:00:00.000Z',
    rootHash: root,
    totalCents: '12345',
    accounts: 3,
  }),
  rotation: keyRotationBytes(
    key.publicKey,
    bytesToHex(ed25519.getPublicKey(seed())),
    '2026-11-01T00:00:00.000Z',
  ),
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Which kinds a byte string is a well-formed message of, by each kind's own rule. */
function kindsOf(bytes: Uint8Array): string[] {
  const s = text(bytes);
  const kinds: string[] = [];
  if (s.startsWith(`${TREE_HEAD_PREFIX}\n`)) kinds.push('treeHead');
  const note = parseCheckpointBody(s);
  // an origin is never one of our contexts, nor starts with % (config.ts TRANSPARENCY_LOG_ORIGIN)
  if (note && !note.origin.startsWith(CONTEXT_FAMILY) && !note.origin.startsWith('%'))
    kinds.push('checkpoint');
  if (s.startsWith(STATEMENT_CONTEXT) || s.startsWith('%PDF-')) kinds.push('statement');
  if (s.startsWith(SNAPSHOT_CONTEXT)) kinds.push('snapshot');
  if (s.startsWith(KEY_ROTATION_CONTEXT)) kinds.push('rotation');
  return kinds;
}

describe('signing contexts', () => {
  it('each kind of message is recognised as exactly its own kind', () => {
    for (const [kind, bytes] of Object.entries(messages)) expect(kindsOf(bytes), kind).toEqual([kind]);
  });

  it("another kind's signature never passes as a statement or a checkpoint", () => {
    for (const [kind, bytes] of Object.entries(messages)) {
      const signature = Buffer.from(key.sign(bytes), 'hex');
      const signed = Buffer.from(bytes);
      // as a statement: the message itself as the "file", with either version's signature line
      for (const prefix of ['%NW-Signature-v2: ', '%NW-Signature: ']) {
        const file = Buffer.concat([
          signed,
          Buffer.from(`${prefix}${signature.toString('base64')} key=${key.fingerprint}\n`),
        ]);
        const check = checkStatementSignature(file, new Map([[key.fingerprint, key.publicKey]])).check;
        expect(check, `${kind} as a statement (${prefix})`).toBe('altered');
      }
      if (kind === 'checkpoint') continue;
      // as a checkpoint: the message as the note's body, with the signature as the log's line
      const note = parseSignedNote(
        `${text(bytes)}\n\u2014 ${key.origin} ${Buffer.concat([Buffer.alloc(4), signature]).toString('base64')}\n`,
      );
      expect(note && parseCheckpointBody(note.body), `${kind} as a checkpoint`).toBeFalsy();
    }
  });

  it('a statement verifies in its own form, and one signed before contexts still verifies', () => {
    const keys = new Map([[key.fingerprint, key.publicKey]]);
    expect(checkStatementSignature(signStatement(pdf, key), keys).check).toBe('authentic');
    const legacy = Buffer.concat([
      pdf,
      Buffer.from(
        `%NW-Signature: ${Buffer.from(key.sign(pdf), 'hex').toString('base64')} key=${key.fingerprint}\n`,
      ),
    ]);
    expect(checkStatementSignature(legacy, keys).check).toBe('authentic');
    // a legacy line whose signature was made in the new form does not verify, nor the reverse
    const v2 = signStatement(pdf, key);
    expect(
      checkStatementSignature(
        Buffer.from(v2.toString('latin1').replace('%NW-Signature-v2: ', '%NW-Signature: '), 'latin1'),
        keys,
      ).check,
    ).toBe('altered');
    expect(
      checkStatementSignature(
        Buffer.from(legacy.toString('latin1').replace('%NW-Signature: ', '%NW-Signature-v2: '), 'latin1'),
        keys,
      ).check,
    ).toBe('altered');
  });
});

describe('key history', () => {
  const oldSeed = seed();
  const newSeed = seed();
  const oldKey = signingKeyFromSeed(oldSeed);
  const newKey = signingKeyFromSeed(newSeed);
  const since = '2026-11-15T00:00:00.000Z';
  const history: KeyHistoryEntry[] = [
    { publicKey: oldKey.publicKey, since: '2026-01-01T00:00:00.000Z', signature: null },
    {
      publicKey: newKey.publicKey,
      since,
      signature: oldKey.sign(keyRotationBytes(oldKey.publicKey, newKey.publicKey, since)),
    },
  ];

  it('a rotation signed by the previous key extends trust; a forged one does not', () => {
    expect(checkKeyHistory(history)).toBeNull();
    expect(keysTrustedFrom(oldKey.publicKey, history)).toEqual([oldKey.publicKey, newKey.publicKey]);
    expect(keysTrustedFrom(newKey.publicKey, history)).toEqual([newKey.publicKey]);
    const intruder = signingKeyFromSeed(seed());
    const forged = [
      history[0]!,
      {
        publicKey: intruder.publicKey,
        since,
        signature: intruder.sign(keyRotationBytes(oldKey.publicKey, intruder.publicKey, since)),
      },
    ];
    expect(checkKeyHistory(forged)).toBe('key 2: its rotation is not signed by key 1');
    expect(keysTrustedFrom(oldKey.publicKey, forged)).toEqual([oldKey.publicKey]);
    // a rotation's signature cannot be moved to another date
    expect(checkKeyHistory([history[0]!, { ...history[1]!, since: '2026-11-16T00:00:00.000Z' }])).toMatch(
      /not signed/,
    );
  });

  it("after a rotation, a statement signed by the retired key still verifies; a stranger's does not", () => {
    const config = {
      dataDir: null,
      transparencySigningKey: bytesToHex(newSeed),
      transparencyKeyHistory: history,
    };
    const trusted = trustedKeysFor(config);
    expect(checkStatementSignature(signStatement(pdf, oldKey), trusted).check).toBe('authentic');
    expect(checkStatementSignature(signStatement(pdf, newKey), trusted).check).toBe('authentic');
    expect(checkStatementSignature(signStatement(pdf, signingKeyFromSeed(seed())), trusted).check).toBe(
      'otherKey',
    );
    // a history that does not end with the signing key is refused
    expect(() => keyHistoryFor({ ...config, transparencySigningKey: bytesToHex(oldSeed) })).toThrow(
      /does not end with the signing key/,
    );
  });

  it('npm run transparency:rotate writes a history the server reads; it refuses a seed that is not the last key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rotate-test-'));
    const file = path.join(dir, 'history.json');
    const lines: string[] = [];
    const args = ['--history', file, '--old-seed', bytesToHex(oldSeed), '--new-seed', bytesToHex(newSeed)];
    expect(rotate(args, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toBe(`${file}: 2 keys, the new key's fingerprint ${newKey.fingerprint}`);
    const config = loadConfig({
      SESSION_SECRET: 's'.repeat(32),
      TRANSPARENCY_SIGNING_KEY: bytesToHex(newSeed),
      TRANSPARENCY_KEY_HISTORY: file,
    });
    expect(keyHistoryFor(config).map((e) => e.publicKey)).toEqual([oldKey.publicKey, newKey.publicKey]);
    expect(checkStatementSignature(signStatement(pdf, oldKey), trustedKeysFor(config)).check).toBe(
      'authentic',
    );
    // the old seed is no longer the last key: refused, the file unchanged
    const before = readFileSync(file, 'utf8');
    expect(rotate(args, () => undefined)).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(before);
    // a history file edited by hand so it no longer checks out stops the server from starting
    writeFileSync(file, before.replace(/"signature": "[0-9a-f]{2}/, '"signature": "00'));
    expect(() => loadConfig({ SESSION_SECRET: 's'.repeat(32), TRANSPARENCY_KEY_HISTORY: file })).toThrow(
      /TRANSPARENCY_KEY_HISTORY: .*key 2: its rotation is not signed by key 1/,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it('TRANSPARENCY_LOG_ORIGIN refuses an origin that could pass for another kind of message', () => {
    for (const origin of ['broker-transparency-statement-v2', '%PDF-1.3', 'a b', 'a+b']) {
      expect(
        () => loadConfig({ TRANSPARENCY_LOG_ORIGIN: origin, SESSION_SECRET: 's'.repeat(32) }),
        origin,
      ).toThrow(/TRANSPARENCY_LOG_ORIGIN/);
    }
    expect(
      loadConfig({ TRANSPARENCY_LOG_ORIGIN: 'broker.example/journal', SESSION_SECRET: 's'.repeat(32) })
        .transparencyOrigin,
    ).toBe('broker.example/journal');
  });
});
