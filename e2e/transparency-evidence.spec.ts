/**
 * "Download my evidence" in the browser (docs/transparency.md "Your evidence"): a visitor is told to
 * sign in; a client with sealed postings and a proof of liabilities, who has seen their history
 * (so the browser remembers a checkpoint), downloads the file from /transparency, and the standalone verifier
 * (verifier/verify-evidence.mjs, run as a command on the downloaded file) accepts it, the browser's
 * own checkpoint included; the same file with one changed byte is refused; a refused download shows
 * the server's message. The verifier's page
 * (verifier/index.html, served here from the folder itself, no network) says the
 * same with the browser's WebCrypto. axe on each state; screenshots into SHOTS_DIR when set.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { EVIDENCE_MSG } from '../common/schemas/evidence';
import { BASE_URL } from './env';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import {
  call,
  checkPageState,
  errorAnswer,
  expectNoSeriousViolations,
  newClientSignUp,
  shootBothWidths,
  signIn,
} from './journey';

/**
 * Where the journey serves verifier/ from: an address on this machine (WebCrypto needs a secure
 * context, which localhost is) that no server listens on, answered from the folder itself.
 */
const VERIFIER_ORIGIN = 'http://localhost:9';

/** Serves the files of verifier/ at VERIFIER_ORIGIN to `page`, as any static file server would. */
async function serveVerifier(page: Page) {
  await page.route(`${VERIFIER_ORIGIN}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const type = name.endsWith('.html') ? 'text/html' : 'text/javascript';
    return route.fulfill({
      contentType: type,
      body: readFileSync(path.join('verifier', path.basename(name))),
    });
  });
}

/** Runs the verifier command on `file`: its exit code and output. */
async function verifyFile(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ['verifier/verify-evidence.mjs', file]).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

test('a client downloads their evidence from /transparency and the offline verifier accepts it', async ({
  page,
  readMail,
}) => {
  await page.goto('/transparency');
  const card = page.getByRole('region', { name: 'Download my evidence' });
  await expect(card).toContainText('Sign in to download the evidence of your account.');

  const signUp = newClientSignUp('Eve', 'Dence', 'evidence');
  const { token, ownerToken: adminToken } = await clientWithLines(readMail, signUp, [
    { amount: 500, transactionType: 'deposit', details: 'Wire received' },
    { amount: 12.5, transactionType: 'profit', details: 'Trading profit' },
  ]);
  // the e2e server seals every second: wait until the evidence holds both entries, then until it
  // holds a proof of liabilities whose record is sealed
  const evidence = async () => {
    const res = await fetch(`${BASE_URL}/api/transparency/evidence`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.ok
      ? ((await res.json()) as { entries: unknown[]; liabilities: { snapshotSeal: unknown } | null })
      : null;
  };
  await expect.poll(async () => (await evidence())?.entries.length, { timeout: 30_000 }).toBe(2);
  await call('POST', '/transparency/liabilities', {}, adminToken);
  await expect
    .poll(async () => Boolean((await evidence())?.liabilities?.snapshotSeal), { timeout: 30_000 })
    .toBe(true);

  // the history verifies in the browser, which then remembers the checkpoint it checked
  await signIn(page, signUp);
  await page.goto('/account/transaction-history');
  await expect(
    page.getByRole('table', { name: 'Transactions' }).getByText('Verified', { exact: true }),
  ).toHaveCount(2);

  await page.goto('/transparency');
  const button = card.getByRole('button', { name: 'Download my evidence' });
  await expect(button).toBeVisible();
  await expect(card).toContainText('node verifier/verify-evidence.mjs');
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`evidence-${new Date().toISOString().slice(0, 10)}.json`);
  const dir = mkdtempSync(path.join(tmpdir(), 'evidence-e2e-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  await expect(card.getByRole('status')).toContainText(`Saved as ${download.suggestedFilename()}`);

  const verified = await verifyFile(file);
  expect(verified.stderr).toBe('');
  expect(verified.code).toBe(0);
  expect(verified.stdout).toContain('Your journal entries: 2');
  expect(verified.stdout).toContain('change your total funds by $512.50');
  expect(verified.stdout).toContain('Earlier checkpoint');
  expect(verified.stdout).toMatch(/Your 3 leaves add up to \$512\.50, each included in that total/);
  expect(verified.stdout).toContain('Evidence verified.');

  // one changed byte: a digit of the deposit's amount in its sealed leaf
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('\\"amount\\":\\"50000\\"');
  expect(at).toBeGreaterThan(0);
  const altered = path.join(dir, 'altered.json');
  writeFileSync(altered, `${text.slice(0, at + 14)}6${text.slice(at + 15)}`);
  const refused = await verifyFile(altered);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /NOT VERIFIED: journal entry 1 \(leaf \d+\): its inclusion proof does not lead/,
  );

  await shootBothWidths(page, 'transparency-evidence', () => expect(card.getByRole('status')).toBeVisible());
  await checkPageState(page, '/transparency with the evidence download', () => expect(button).toBeVisible());

  // a refused download shows the server's message, and nothing is saved
  await page.route('**/api/transparency/evidence*', (route) =>
    route.fulfill(errorAnswer('evidence_too_large')),
  );
  await button.click();
  await expect(card.getByRole('alert')).toHaveText(EVIDENCE_MSG.tooMany);
  await shootBothWidths(page, 'transparency-evidence-refused', () =>
    expect(card.getByRole('alert')).toBeVisible(),
  );
  await expectNoSeriousViolations(page, 'the refused evidence download');
  await page.unroute('**/api/transparency/evidence*');

  // the verifier's page, in the browser, with WebCrypto: the file verifies, the altered one does not
  await serveVerifier(page);
  await page.goto(`${VERIFIER_ORIGIN}/index.html`);
  const outcome = page.locator('#outcome');
  await page.getByLabel('Evidence file (JSON)').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(outcome).toHaveText('Evidence verified');
  await expect(page.getByRole('listitem').filter({ hasText: 'Earlier checkpoint' })).toBeVisible();
  await shootBothWidths(page, 'verifier-page', () => expect(outcome).toBeVisible());
  await expectNoSeriousViolations(page, 'the verifier page');
  await page.getByLabel('Evidence file (JSON)').setInputFiles(altered);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(outcome).toHaveText('Not verified');
  await expect(page.getByText(/First failure: journal entry 1/)).toBeVisible();
});
