/**
 * Operator tampers the browser does not see by itself (docs/transparency.md "Who detects what",
 * "Ownership and completeness", "Integrity checks", "Witnesses"): each journey starts an app of its
 * own (e2e/own-app.ts: its own database and port), posts real entries, seals, then tampers with SQL
 * as someone with the database would (triggers off where the journal's guards would refuse), runs
 * the check the product runs (the integrity job's function, the witness's), and shows the detection
 * where a person sees it:
 * - an owner swap: the owner's dashboard alarm names the account;
 * - an entry back-dated before the seal horizon: the alarm names it, and the client's history line
 *   says "Not sealed" under the red alert (never "Pending seal");
 * - heads re-signed with a foreign key: the alarm names the key, the client's browser refuses the head;
 * - a whole-log rewrite: the witness that saw the honest log refuses with a split-view report holding
 *   both checkpoints, and the client's browser that kept the earlier head shows "The journal changed"
 *   with both checkpoints to download.
 * Shots at 1280 and 375 px into /tmp/shots-operator; axe on each state.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Browser, Page } from '@playwright/test';
import { and, eq, sql } from 'drizzle-orm';
import { treeHeadSigningBytes } from '../common/transparency/journal';
import { runWitness } from '../scripts/witness/witness';
import { ledgerAccounts, users } from '../server/db/schema';
import { queryRows } from '../server/db/client';
import { createClient, fundClient } from '../server/test/factories';
import { keyFingerprint } from '../common/transparency/key-history';
import { signingKeyFor } from '../server/modules/transparency/signing-key';
import { expect, test } from './fixtures';
import { ADMIN, checkPageState, expectNoSidewaysScroll, signIn } from './journey';
import { startOwnApp, type OwnApp } from './own-app';

const SHOTS = '/tmp/shots-operator';
mkdirSync(SHOTS, { recursive: true });
const CLIENT = { email: 'client@demo.test', password: 'Client#2026demo' };

/** A page of a fresh browser context on `own` (closed with the journey: fixtures.ts). */
async function pageOn(browser: Browser, own: OwnApp): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.url });
  return context.newPage();
}

/** The demo client's id and their available account's id on `own`. */
async function demoClient(own: OwnApp) {
  const [u] = await own.db.select({ id: users.id }).from(users).where(eq(users.email, CLIENT.email));
  const account = async (userId: string) =>
    (
      await own.db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'available')))
    )[0]!.id;
  return { id: u!.id, account };
}

/**
 * Runs `journey` on an app of its own (own-app.ts, slot `slot`) whose demo client was funded with
 * `cents` (not sealed yet), and closes the app after it, whatever happened.
 */
async function onOwnApp(
  slot: number,
  cents: bigint,
  journey: (own: OwnApp, client: Awaited<ReturnType<typeof demoClient>>) => Promise<void>,
) {
  const own = await startOwnApp(slot);
  try {
    const client = await demoClient(own);
    await fundClient(own.db, client.id, cents);
    await journey(own, client);
  } finally {
    await own.close();
  }
}

/** The owner's dashboard alarm naming `found`, at 1280 and 375 px (shots `name`-<width>.png), axe clean. */
async function ownerSeesAlarm(browser: Browser, own: OwnApp, found: RegExp, name: string) {
  const page = await pageOn(browser, own);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, true);
  await page.goto('/admin/dashboard');
  const alarm = page.getByRole('alert').filter({ hasText: 'Ledger integrity check failed' });
  await expect(alarm).toContainText(found);
  await shotsAtBothWidths(page, name, () => expect(alarm).toBeVisible());
}

/** The demo client's history on `own`, signed in (1280 px). */
async function clientHistory(browser: Browser, own: OwnApp): Promise<Page> {
  const page = await pageOn(browser, own);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, CLIENT);
  await page.goto('/account/transaction-history');
  return page;
}

/** Shots of the page at both widths once `ready` (`name`-<width>.png), no sideways scroll, axe clean. */
async function shotsAtBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  await checkPageState(page, name, ready);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await ready();
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an owner swap with the triggers off: the owner sees the alarm naming the account', async ({
  browser,
}) => {
  await onOwnApp(0, 120_00n, async (own, client) => {
    const other = await createClient(own.app, { balance: 80_00n });
    await own.seal();
    expect((await own.check()).ok).toBe(true);
    const [a, b] = [await client.account(client.id), await client.account(other.id)];
    const [owner] = await own.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    await own.tamper(
      sql`update ledger_accounts set user_id = ${owner!.id} where id = ${a}`,
      sql`update ledger_accounts set user_id = ${client.id} where id = ${b}`,
      sql`update ledger_accounts set user_id = ${other.id} where id = ${a}`,
    );
    const result = await own.check();
    expect(result.firstDivergence).toMatch(
      /^account [0-9a-f-]{36}: its owner or kind differs from its sealed opening/,
    );
    await ownerSeesAlarm(browser, own, /account [0-9a-f-]{36}: its owner or kind differs/, 'owner-swap');
  });
});

test('an entry back-dated before the horizon: the alarm names it, the client sees "Not sealed"', async ({
  browser,
}) => {
  await onOwnApp(1, 300_00n, async (own, client) => {
    await own.seal();
    const available = await client.account(client.id);
    const [cash] = await own.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'cash'));
    const entryId = '01900000-0000-7000-8000-00000000e2e0';
    // with every guard on: it balances and moves the balance as a posting would, a day in the past
    await own.db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_entries (id, type, user_id, memo, created_at, effective_at)
        values (${entryId}, 'adjustment', ${client.id}, 'Fee', now() - interval '1 day', now() - interval '1 day')`);
      await tx.execute(sql`insert into journal_lines (entry_id, account_id, amount)
        values (${entryId}, ${available}, -2500), (${entryId}, ${cash!.id}, 2500)`);
    });
    await own.seal(); // never finds it
    const named = new RegExp(`entry ${entryId}: posted at .*, before the seal horizon, and not in the log`);
    expect((await own.check()).firstDivergence).toMatch(named);
    await ownerSeesAlarm(browser, own, named, 'back-dated-alarm');

    const page = await clientHistory(browser, own);
    // a table from 768 px, a list of two-line items under it
    const lines = page
      .getByRole('table', { name: 'Transactions' })
      .or(page.getByRole('list', { name: 'Transactions' }));
    const left = lines.getByText('Not sealed: posted before the last seal, but left out of the journal');
    await expect(left).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Some entries were left out of the journal');
    await expect(page.getByText('Pending seal')).toHaveCount(0);
    await shotsAtBothWidths(page, 'back-dated-history', () => expect(left).toBeVisible());
  });
});

test('heads re-signed with a foreign key: the alarm names the key, the browser refuses the head', async ({
  browser,
}) => {
  await onOwnApp(2, 50_00n, async (own) => {
    await own.seal();
    const foreign = ed25519.utils.randomSecretKey();
    const foreignPub = bytesToHex(ed25519.getPublicKey(foreign));
    const origin = signingKeyFor(own.app.ctx.config).origin;
    const rows = await queryRows<{ size: string; root_hash: string; ms: string }>(
      own.db,
      sql`select size::text, root_hash, timestamp_ms::text as ms from transparency_tree_heads`,
    );
    await own.tamper(
      ...rows.map((h) => {
        const timestamp = new Date(Number(h.ms)).toISOString();
        const bytes = treeHeadSigningBytes({ size: Number(h.size), rootHash: h.root_hash, timestamp });
        const note = `${origin}\n${h.size}\n${Buffer.from(h.root_hash, 'hex').toString('base64')}\n`;
        return sql`update transparency_tree_heads set signature = ${bytesToHex(ed25519.sign(bytes, foreign))},
          checkpoint_signature = ${bytesToHex(ed25519.sign(new TextEncoder().encode(note), foreign))},
          public_key = ${foreignPub}, key_fingerprint = ${keyFingerprint(foreignPub)} where size = ${Number(h.size)}`;
      }),
    );
    const named = new RegExp(
      `signed with key ${keyFingerprint(foreignPub)}, neither the configured key nor in its`,
    );
    expect((await own.check()).firstDivergence).toMatch(named);
    await ownerSeesAlarm(browser, own, named, 'foreign-key-alarm');

    const page = await clientHistory(browser, own);
    const refused = page.getByRole('alert').filter({ hasText: "The journal's signature does not verify" });
    await expect(refused).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
    await shotsAtBothWidths(page, 'foreign-key-history', () => expect(refused).toBeVisible());
  });
});

test('a whole-log rewrite: the witness refuses with a split-view report; the browser shows "The journal changed"', async ({
  browser,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-witness-'));
  await onOwnApp(3, 70_00n, async (own, client) => {
    const keyPath = path.join(dir, 'witness-key');
    writeFileSync(keyPath, `${bytesToHex(ed25519.utils.randomSecretKey())}\n`);
    const witness = () =>
      runWitness({
        log: own.url,
        statePath: path.join(dir, 'state.json'),
        keyPath,
        name: 'e2e.test/witness',
      });
    await own.seal();
    // the witness verifies the honest checkpoint and keeps it (this log names no witness, so it
    // refuses the cosignature; the witness's memory is what matters here)
    const honest = await witness();
    expect(honest.message).toMatch(/^(cosigned the checkpoint|checkpoint of \d+ entries verified)/);
    const page = await clientHistory(browser, own);
    await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();

    // the operator rewrites history and re-seals it all: the same size, another root
    await own.tamper(
      sql`delete from transparency_cosignatures`,
      sql`delete from transparency_tree_heads`,
      sql`delete from transparency_nodes`,
      sql`delete from transparency_leaves`,
      sql`update journal_entries set memo = 'rewritten' where user_id = ${client.id}`,
    );
    await own.seal();
    const refused = await witness();
    expect(refused.outcome).toBe('refused');
    expect(refused.message).toMatch(/^SPLIT VIEW: /);
    expect(refused.message).toContain('Checkpoint cosigned before:');
    expect(refused.message).toContain('Checkpoint the log shows now:');
    writeFileSync(`${SHOTS}/witness-split-view.txt`, `${refused.message}\n`);

    await page.reload();
    const changed = page.getByRole('alert').filter({ hasText: 'The journal changed' });
    await expect(changed).toBeVisible();
    await expect(changed.getByRole('button', { name: 'Download both signed checkpoints' })).toBeVisible();
    await shotsAtBothWidths(page, 'rewrite-history', () => expect(changed).toBeVisible());
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
});
