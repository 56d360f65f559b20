/**
 * Checks an evidence file of "Download my evidence" (docs/transparency.md "Your evidence") from the
 * byte formats alone: the one source of the checks for the command (verify-evidence.mjs, node:crypto)
 * and the page (index.html, WebCrypto). No imports beyond this folder: it shares no code with the
 * server. It stops at the first thing that does not check out and says what, in words:
 *
 * 1. the file is JSON written as the server (or the page) writes it, with exactly the known fields;
 * 2. the key history is a chain of signed rotations through the pinned fingerprint (the one the
 *    file names, or the one the reader gives);
 * 3. the checkpoint is signed by a trusted key under the log's origin, the same head's JSON form
 *    too, and every witness the file names has cosigned it (C2SP tlog-cosignature);
 * 4. each account opening and journal entry is the reader's, its leaf hash (from its bytes) is in
 *    the checkpoint's tree (RFC 9162 inclusion proof), and what it says it shows is what it holds;
 * 5. the proof of liabilities (liabilities.mjs);
 * 6. an earlier checkpoint the browser kept, if any: signed, and the log at its size is the
 *    beginning of this one (RFC 9162 consistency proof).
 *
 * `crypto`: `{ sha256(bytes), verifyEd25519(publicKey, signature, message) }`, sync or async.
 */
import {
  check,
  EvidenceError,
  exactKeys,
  hexBytes,
  isList,
  count,
  signedCents,
  toHex,
  usd,
  utf8,
  uuidBytes,
} from './bytes.mjs';
import { accountLeafText, entryLeafText } from './leaves.mjs';
import { checkLiabilities } from './liabilities.mjs';
import { checkSignatures, parseCheckpoint, parseNote, parseWitness, trustedKeys } from './notes.mjs';
import { consistencyHolds, inclusionHolds, logLeafHash } from './proofs.mjs';

/** The format this verifier reads. */
export const EVIDENCE_FORMAT = 'honest-broker-evidence/1';

const TOP = [
  'format',
  'client',
  'keys',
  'checkpoint',
  'treeHead',
  'entries',
  'accounts',
  'liabilities',
  'earlier',
];

/** The JSON value of `text`, which must be written as JSON.stringify writes it (compact or two-space indented). */
function readJson(text) {
  check(typeof text === 'string', 'the file is not text');
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let value;
  try {
    value = JSON.parse(body);
  } catch {
    throw new EvidenceError('the file is not JSON');
  }
  check(
    body === JSON.stringify(value) || body === JSON.stringify(value, null, 2),
    'the file is not written as the server writes it (compact, or indented by two spaces): it was edited',
  );
  return value;
}

/** A leaf's text as JSON, or an EvidenceError. */
function leafJson(text, what) {
  try {
    return JSON.parse(text);
  } catch {
    throw new EvidenceError(`${what}: its leaf is not JSON`);
  }
}

/**
 * Checks one sealed leaf (`{ leafIndex, leaf, auditPath, …extra }`) against the checkpoint; answers
 * the leaf's JSON. `after`: the previous leaf index (leaves come in log order, each once).
 */
async function provenLeaf(crypto, item, extra, head, after, what) {
  exactKeys(item, ['leafIndex', 'leaf', 'auditPath', ...extra], what);
  count(item.leafIndex, `${what}'s leaf index`);
  check(item.leafIndex > after, `${what} is not after the one before it in the log`);
  check(typeof item.leaf === 'string', `${what}'s leaf is not text`);
  const path = isList(item.auditPath, `${what}'s inclusion proof`).map((h, n) =>
    hexBytes(h, 32, `hash ${n + 1} of ${what}'s inclusion proof`),
  );
  const leafHash = await logLeafHash(crypto, utf8(item.leaf));
  check(
    await inclusionHolds(crypto, leafHash, item.leafIndex, head.size, path, head.root),
    `${what} (leaf ${item.leafIndex}): its inclusion proof does not lead from its leaf to the checkpoint's root`,
  );
  return leafJson(item.leaf, what);
}

/** The client's account openings; answers their ids and each `{ leafIndex, text }`. */
async function checkAccounts(crypto, accounts, client, head) {
  const ids = new Set();
  const proven = [];
  let after = -1;
  for (const [i, item] of isList(accounts, 'the account openings').entries()) {
    const what = `account opening ${i + 1}`;
    const leaf = await provenLeaf(crypto, item, [], head, after, what);
    check(
      accountLeafText(leaf, what) === item.leaf,
      `${what} is not an account opening leaf as the log writes one`,
    );
    uuidBytes(leaf.id, `${what}'s account id`);
    check(leaf.owner === client, `${what} is another owner's account`);
    ids.add(leaf.id);
    proven.push({ leafIndex: item.leafIndex, text: item.leaf });
    after = item.leafIndex;
  }
  return { ids, proven };
}

/** What an entry leaf changes in the client's total funds (cents): its lines on the client's accounts. */
function entryChange(leaf, text, client, accountIds, what) {
  check(entryLeafText(leaf, what) === text, `${what} is not a journal entry leaf as the log writes one`);
  const v2 = leaf.v === 2;
  const lines = leaf.lines;
  if (v2) {
    check(leaf.client === client, `${what} is another client's entry`);
    check(
      lines.every((l) => l.owner === null || l.owner === client),
      `${what} moves another client's account`,
    );
  } else {
    check(
      lines.some((l) => accountIds.has(l.accountId)),
      `${what} moves none of your accounts`,
    );
  }
  const mine = v2
    ? lines.filter((l) => l.owner === client)
    : lines.filter((l) => accountIds.has(l.accountId));
  return mine.reduce((sum, l) => sum + signedCents(l.amount, `${what}'s amount`), 0n);
}

/** The client's journal entries; answers each `{ leafIndex, text, change }` (change in cents). */
async function checkEntries(crypto, entries, client, accountIds, head) {
  const proven = [];
  for (const [i, item] of isList(entries, 'the journal entries').entries()) {
    const what = `journal entry ${i + 1}`;
    const leaf = await provenLeaf(crypto, item, ['shown'], head, proven.at(-1)?.leafIndex ?? -1, what);
    check(!accountIds.has(leaf.id), `${what} is an account opening`);
    const change = entryChange(leaf, item.leaf, client, accountIds, what);
    exactKeys(item.shown, ['type', 'effectiveAt', 'changeCents'], `${what}'s shown fields`);
    check(item.shown.type === leaf.type, `${what} shows the type ${item.shown.type}, sealed ${leaf.type}`);
    check(
      item.shown.effectiveAt === leaf.effectiveAt,
      `${what} shows the date ${item.shown.effectiveAt}, sealed ${leaf.effectiveAt}`,
    );
    check(
      item.shown.changeCents === change.toString(),
      `${what} shows a change of ${item.shown.changeCents} cents, sealed ${change}`,
    );
    proven.push({ leafIndex: item.leafIndex, text: item.leaf, change });
  }
  return proven;
}

/** The checkpoint and the tree head: signed, cosigned; answers the head, the witnesses and report lines. */
async function checkHead(crypto, evidence, keys) {
  const note = parseNote(evidence.checkpoint, 'the checkpoint');
  const head = parseCheckpoint(note.body, 'the checkpoint');
  check(
    head.origin === evidence.keys.origin,
    `the checkpoint's origin ${head.origin} is not the log's ${evidence.keys.origin}`,
  );
  const witnesses = [];
  for (const text of isList(evidence.keys.witnesses, 'the witnesses'))
    witnesses.push(await parseWitness(crypto, text));
  const { signer, cosigned } = await checkSignatures(
    crypto,
    note,
    head.origin,
    keys,
    witnesses,
    'the checkpoint',
  );
  exactKeys(evidence.treeHead, ['timestamp', 'signature'], 'the tree head');
  check(typeof evidence.treeHead.timestamp === 'string', "the tree head's time is not text");
  const message = utf8(
    `broker-transparency-tree-head-v1\n${head.size}\n${toHex(head.root)}\n${evidence.treeHead.timestamp}\n`,
  );
  check(
    await crypto.verifyEd25519(
      signer.publicKey,
      hexBytes(evidence.treeHead.signature, 64, "the tree head's signature"),
      message,
    ),
    "the tree head's signature does not verify",
  );
  const lines = [
    `Checkpoint: ${head.origin}, ${head.size} leaves, root ${toHex(head.root)}, signed ${evidence.treeHead.timestamp} by key ${signer.fingerprint}.`,
  ];
  for (const witness of witnesses) {
    check(cosigned.has(witness.name), `the checkpoint has no cosignature of the witness ${witness.name}`);
    lines.push(
      `Witness ${witness.name} cosigned it at ${new Date(cosigned.get(witness.name) * 1000).toISOString()} (verified).`,
    );
  }
  if (!witnesses.length)
    lines.push('No witness is configured: nobody outside the operator has vouched for this checkpoint.');
  return { head, witnesses, lines };
}

/** The earlier checkpoint the browser kept, if any: every signature line valid, and extended by this one. */
async function checkEarlier(crypto, earlier, head, keys, witnesses) {
  if (earlier === null) return [];
  exactKeys(
    earlier,
    ['size', 'consistency', 'checkpoint'],
    'the earlier checkpoint (keep the checkpoint your browser remembered in it)',
  );
  const note = parseNote(earlier.checkpoint, 'the earlier checkpoint');
  const before = parseCheckpoint(note.body, 'the earlier checkpoint');
  check(
    before.origin === head.origin && before.size === earlier.size,
    'the earlier checkpoint is not of this log at that size',
  );
  await checkSignatures(crypto, note, head.origin, keys, witnesses, 'the earlier checkpoint');
  const proof = isList(earlier.consistency, 'the consistency proof').map((h, n) =>
    hexBytes(h, 32, `hash ${n + 1} of the consistency proof`),
  );
  check(
    await consistencyHolds(crypto, before.size, head.size, before.root, head.root, proof),
    `the log of ${before.size} leaves your browser kept is not the beginning of this one: the consistency proof fails`,
  );
  return [
    `Earlier checkpoint (${before.size} leaves, kept by your browser): signed, and this log extends it (consistency proof verified).`,
  ];
}

/**
 * Verifies the evidence file's text. `pin`: a key fingerprint the reader trusts (hex), else the
 * one the file names. Answers `{ ok: true, report }` (lines in words) or `{ ok: false, failure, report }`
 * with the first thing that does not check out; throws only for a fault of the verifier itself.
 */
export async function verifyEvidence(text, { crypto, pin } = {}) {
  const report = [];
  try {
    const evidence = readJson(text);
    exactKeys(evidence, TOP, 'the file');
    check(
      evidence.format === EVIDENCE_FORMAT,
      `the file's format is ${evidence.format}, this verifier reads ${EVIDENCE_FORMAT}`,
    );
    uuidBytes(evidence.client, 'the client');
    exactKeys(evidence.keys, ['origin', 'history', 'witnesses', 'pinnedFingerprint'], 'the keys');
    const named = hexBytes(evidence.keys.pinnedFingerprint, 32, 'the pinned fingerprint');
    const all = await trustedKeys(crypto, evidence.keys.history, toHex(named));
    const trust = pin === undefined ? all : await trustedKeys(crypto, evidence.keys.history, pin);
    report.push(
      `Key history: ${all.total} key(s), each rotation signed by the key before; trusted from ${pin === undefined ? 'the pinned fingerprint the file names' : 'the fingerprint you gave'} ${trust.keys[0].fingerprint}.`,
    );
    const { head, witnesses, lines } = await checkHead(crypto, evidence, trust.keys);
    report.push(...lines);
    const accounts = await checkAccounts(crypto, evidence.accounts, evidence.client, head);
    report.push(
      `Your account openings: ${accounts.ids.size}, each in the checkpoint's log (inclusion proofs verified).`,
    );
    const entries = await checkEntries(crypto, evidence.entries, evidence.client, accounts.ids, head);
    const change = entries.reduce((sum, e) => sum + e.change, 0n);
    report.push(
      `Your journal entries: ${entries.length}, each in the checkpoint's log and as shown (inclusion proofs verified); together they change your total funds by ${usd(change)}.`,
    );
    const context = { client: evidence.client, keys: trust.keys, head, entries, accounts: accounts.proven };
    report.push(...(await checkLiabilities(crypto, evidence.liabilities, context)));
    report.push(...(await checkEarlier(crypto, evidence.earlier, head, trust.keys, witnesses)));
    return { ok: true, report };
  } catch (error) {
    if (error instanceof EvidenceError) return { ok: false, failure: error.message, report };
    throw error;
  }
}
