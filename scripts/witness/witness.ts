/**
 * A witness of the journal log (docs/transparency.md "Witnesses"), independent of the server: it
 * keeps the last checkpoint it verified, fetches the log's latest one and the consistency proof
 * between the two, and cosigns the new one (C2SP tlog-cosignature) only when it extends the old;
 * a checkpoint that does not (a different root at the same size, a smaller tree, a proof that fails)
 * is a split view: it refuses, keeps its state, and reports both signed checkpoints.
 *
 * State (JSON, `statePath`): { logKey: the log's verifier key, checkpoint: the last verified signed
 * note }. The log's key is `logKey` when given, else the one kept in the state, else (first run)
 * the one the log publishes at /api/transparency/keys, kept from then on (trust on first use: pass
 * `logKey` to pin it instead). The witness's own Ed25519 seed is kept in `keyPath` (64 hex
 * characters, created on first use, mode 0600).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ed25519 } from '@noble/curves/ed25519.js';
import { consistencyHolds } from './consistency';
import {
  type Checkpoint,
  cosignatureLine,
  keyId,
  type NoteKey,
  readCheckpoint,
  readVerifierKey,
  writeVerifierKey,
} from './note';

/** What one run is given. */
export interface WitnessOptions {
  /** The log's site, e.g. https://broker.example (its API under /api/transparency). */
  log: string;
  statePath: string;
  keyPath: string;
  /** The witness's key name (no spaces or plus signs). */
  name: string;
  /** The log's verifier key, pinned; else the state's, else the log's own (first run). */
  logKey?: string;
  /** POSIX seconds now (tests). */
  now?: () => number;
}

/** How a run ended: `cosigned`, `refused` (a split view: exit 2), `failed` (anything else: exit 1). */
export interface WitnessResult {
  outcome: 'cosigned' | 'refused' | 'failed';
  message: string;
  /** The witness's verifier key (to configure in the log's TRANSPARENCY_WITNESSES). */
  witnessKey: string;
}

interface State {
  logKey: string;
  checkpoint: string;
}

/** The witness's seed, created on first use. */
function witnessSeed(keyPath: string): Buffer {
  if (!existsSync(keyPath))
    writeFileSync(keyPath, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  const hex = readFileSync(keyPath, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${keyPath} does not hold a 32-byte Ed25519 seed in hex`);
  return Buffer.from(hex, 'hex');
}

/** The witness's verifier key (type 0x04) for its name and seed. */
export function witnessVerifierKey(name: string, seed: Buffer): string {
  const key = Buffer.from(ed25519.getPublicKey(seed));
  const nk: NoteKey = { name, type: 0x04, key, id: keyId(name, 0x04, key) };
  return writeVerifierKey(nk);
}

async function getText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.text();
}

/** Why `next` does not extend `last`, or null when the consistency proof shows it does. */
async function splitReason(log: string, last: Checkpoint, next: Checkpoint): Promise<string | null> {
  if (next.origin !== last.origin) return `the origin changed from ${last.origin} to ${next.origin}`;
  if (next.size < last.size) return `the log shrank from ${last.size} to ${next.size} entries`;
  if (next.size === last.size)
    return next.root.equals(last.root) ? null : 'the same size has another root hash';
  const res = await fetch(`${log}/api/transparency/consistency?from=${last.size}&to=${next.size}`);
  // the log signed a head of that size (the witness holds it) yet says it has none
  if (res.status === 400)
    return `the log denies the head of ${last.size} entries it signed (${await res.text()})`;
  if (!res.ok) throw new Error(`the consistency proof: ${res.status} ${await res.text()}`);
  const proof = ((await res.json()) as { proof: string[] }).proof.map((h) => Buffer.from(h, 'hex'));
  return consistencyHolds(last.size, next.size, last.root, next.root, proof)
    ? null
    : `the consistency proof from ${last.size} to ${next.size} entries does not verify`;
}

/** One run of the witness (see the header). Never throws for a split view; network errors are `failed`. */
export async function runWitness(opts: WitnessOptions): Promise<WitnessResult> {
  const log = opts.log.replace(/\/$/, '');
  const seed = witnessSeed(opts.keyPath);
  const witnessKey = witnessVerifierKey(opts.name, seed);
  const result = (outcome: WitnessResult['outcome'], message: string) => ({ outcome, message, witnessKey });
  try {
    const state: State | null = existsSync(opts.statePath)
      ? (JSON.parse(readFileSync(opts.statePath, 'utf8')) as State)
      : null;
    const logKeyText =
      opts.logKey ??
      state?.logKey ??
      (JSON.parse(await getText(`${log}/api/transparency/keys`)) as { verifierKey: string }).verifierKey;
    const logKey = readVerifierKey(logKeyText);
    const next = readCheckpoint(await getText(`${log}/api/transparency/checkpoint`), logKey);
    if (state) {
      const last = readCheckpoint(state.checkpoint, logKey);
      const reason = await splitReason(log, last, next);
      if (reason) {
        return result(
          'refused',
          `SPLIT VIEW: ${reason}. Not cosigned; the last checkpoint is kept.\n\n` +
            `Checkpoint cosigned before:\n${last.note}\nCheckpoint the log shows now:\n${next.note}`,
        );
      }
    }
    writeFileSync(
      opts.statePath,
      `${JSON.stringify({ logKey: logKeyText, checkpoint: next.note }, null, 2)}\n`,
    );
    const time = opts.now?.() ?? Math.floor(Date.now() / 1000);
    const res = await fetch(`${log}/api/transparency/cosignatures`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `${next.body}\n${cosignatureLine(next.body, time, opts.name, seed)}`,
    });
    const answer = await res.text();
    if (!res.ok) {
      return result(
        'failed',
        `checkpoint of ${next.size} entries verified, but the log refused the cosignature: ${res.status} ${answer}`,
      );
    }
    return result(
      'cosigned',
      `cosigned the checkpoint of ${next.size} entries of ${next.origin} (${answer})`,
    );
  } catch (error) {
    return result('failed', error instanceof Error ? error.message : String(error));
  }
}
