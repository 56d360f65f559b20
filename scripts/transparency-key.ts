/**
 * The transparency key's rotation on the command line (docs/transparency.md "The key and its
 * history"):
 *
 *   npm run transparency:rotate -- --history FILE --old-seed OLD --new-seed NEW [--since ISO]
 *
 * OLD and NEW are 32-byte Ed25519 seeds (64 hex characters or base64), as TRANSPARENCY_SIGNING_KEY
 * takes them. Writes FILE (created with OLD's key as the first entry when absent) with NEW's public
 * key appended, certified by OLD's signature of the rotation (common/transparency/key-history.ts),
 * and checks the whole history. Then set TRANSPARENCY_KEY_HISTORY=FILE and
 * TRANSPARENCY_SIGNING_KEY=NEW on every process, and rebuild the web app (or keep its pin: the old
 * key certifies the new one). Refuses when OLD is not the last key of FILE.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkKeyHistory, keyRotationBytes, type KeyHistoryEntry } from '@common/transparency/key-history';
import { signingSeedHex } from '../server/modules/transparency/key-file';
import { signingKeyFromSeed } from '../server/modules/transparency/signing-key';

/** Appends the rotation; prints through `print`; answers the exit code (0 done, 1 refused). */
export function main(argv: string[], print: (line: string) => void = console.log): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      history: { type: 'string' },
      'old-seed': { type: 'string' },
      'new-seed': { type: 'string' },
      since: { type: 'string' },
    },
  });
  const oldSeed = signingSeedHex(values['old-seed'] ?? '');
  const newSeed = signingSeedHex(values['new-seed'] ?? '');
  if (!values.history || !oldSeed || !newSeed) {
    print('usage: npm run transparency:rotate -- --history FILE --old-seed OLD --new-seed NEW [--since ISO]');
    return 1;
  }
  const oldKey = signingKeyFromSeed(Buffer.from(oldSeed, 'hex'));
  const newKey = signingKeyFromSeed(Buffer.from(newSeed, 'hex'));
  const history: KeyHistoryEntry[] = existsSync(values.history)
    ? (JSON.parse(readFileSync(values.history, 'utf8')) as KeyHistoryEntry[])
    : [{ publicKey: oldKey.publicKey, since: '1970-01-01T00:00:00.000Z', signature: null }];
  if (history.at(-1)?.publicKey !== oldKey.publicKey) {
    print(`${values.history}: its last key is not the old seed's key (${oldKey.fingerprint})`);
    return 1;
  }
  const since = new Date(values.since ?? Date.now()).toISOString();
  const signature = oldKey.sign(keyRotationBytes(oldKey.publicKey, newKey.publicKey, since));
  const next = [...history, { publicKey: newKey.publicKey, since, signature }];
  const wrong = checkKeyHistory(next);
  if (wrong) {
    print(`refused: ${wrong}`);
    return 1;
  }
  writeFileSync(values.history, `${JSON.stringify(next, null, 2)}\n`);
  print(`${values.history}: ${next.length} keys, the new key's fingerprint ${newKey.fingerprint}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(main(process.argv.slice(2)));
}
