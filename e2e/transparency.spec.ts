/**
 * Transparency in the browser (docs/transparency.md): a client with postings sees each sealed line
 * of their history marked Verified (the browser checked the inclusion proof against the signed tree
 * head itself), the account home's proof-of-liabilities message after the browser verified their
 * path, and a journal that is not an extension of the one remembered as a clear warning; on
 * /transparency the tree head verifies in the browser against the key pinned in the site's code (its
 * fingerprint shown, the head shown as a C2SP checkpoint), a statement downloaded from the API is
 * authentic, and the same file with one byte changed is not; a changed journal offers both signed
 * checkpoints for download; a head re-signed with a foreign key is refused. axe on each state;
 * screenshots into /tmp/shots-tweb when SHOTS_DIR is set.
 *
 * The e2e server seals every second (TRANSPARENCY_SEAL_INTERVAL_MS in e2e/serve.ts); the journey
 * waits for its lines to be sealed through the API before it opens the pages.
 */
import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Download } from '@playwright/test';
import { BASE_URL } from './env';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  expectNoSeriousViolations,
  newClientSignUp,
  shootBothWidths,
  signIn,
} from './journey';

/** A downloaded file's text. */
async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `head` (the JSON tree head) signed again, both its JSON signature and its checkpoint, by a fresh
 * key it then names: every signature verifies with the key the answer carries.
 */
function resignedWithForeignKey(head: Record<string, unknown>): Record<string, unknown> {
  const seed = ed25519.utils.randomSecretKey();
  const publicKey = Buffer.from(ed25519.getPublicKey(seed));
  const { size, rootHash, timestamp, origin } = head as {
    size: number;
    rootHash: string;
    timestamp: string;
    origin: string;
  };
  const bytes = `broker-transparency-tree-head-v1\n${size}\n${rootHash}\n${timestamp}\n`;
  const body = `${origin}\n${size}\n${Buffer.from(rootHash, 'hex').toString('base64')}\n`;
  const keyId = createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${origin}\n`), Buffer.from([1]), publicKey]))
    .digest()
    .subarray(0, 4);
  const noteSig = Buffer.concat([keyId, Buffer.from(ed25519.sign(Buffer.from(body), seed))]).toString(
    'base64',
  );
  return {
    ...head,
    signature: Buffer.from(ed25519.sign(Buffer.from(bytes), seed)).toString('hex'),
    publicKey: publicKey.toString('hex'),
    keyFingerprint: createHash('sha256').update(publicKey).digest('hex'),
    checkpoint: `${body}\n\u2014 ${origin} ${noteSig}\n`,
  };
}

/** Polls the client's inclusion proof of every id until each is sealed (the seal runs every second). */
async function waitUntilSealed(ids: string[], token: string) {
  await expect
    .poll(
      async () => {
        const sealed = await Promise.all(
          ids.map(async (id) => {
            const res = await fetch(`${BASE_URL}/api/transparency/inclusion/${id}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            return res.ok;
          }),
        );
        return sealed.every(Boolean);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The client's statement of this month, as the PDF bytes the API sends. */
async function downloadStatement(token: string): Promise<Buffer> {
  const month = new Date().toISOString().slice(0, 7);
  const res = await fetch(`${BASE_URL}/api/transparency/statement?month=${month}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

test('a client sees their history verified, their balance in the published total, and checks a statement', async ({
  page,
  readMail,
}) => {
  const signUp = newClientSignUp('Tara', 'Proof', 'transparency');
  const { token, ownerToken: adminToken } = await clientWithLines(readMail, signUp, [
    { amount: 300, transactionType: 'deposit', details: 'Wire received' },
    { amount: 45.25, transactionType: 'profit', details: 'Trading profit' },
  ]);
  const history = (await call('GET', '/transaction/all', undefined, token)) as { data: { _id: string }[] };
  expect(history.data).toHaveLength(2);
  await waitUntilSealed(
    history.data.map((line) => line._id),
    token,
  );
  // two snapshots: /transparency lists the first as an earlier one
  await call('POST', '/transparency/liabilities', {}, adminToken);
  const snapshot = (await call('POST', '/transparency/liabilities', {}, adminToken)) as {
    data: { total: number };
  };

  // the history: both lines verified by the browser against the signed head
  await signIn(page, signUp);
  const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    snapshot.data.total,
  );
  const card = page.getByRole('region', { name: 'Proof of liabilities' });
  await expect(card).toContainText(
    `Your account value of $345.25 is included in the published total of ${total}`,
  );
  await shootBothWidths(page, 'account-home', () => expect(card).toBeVisible());
  await checkPageState(page, 'account home with the liabilities card', () => expect(card).toBeVisible());

  await page.goto('/account/transaction-history');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByText('Verified', { exact: true })).toHaveCount(2);
  await shootBothWidths(page, 'history', () =>
    expect(table.getByText('Verified', { exact: true }).first()).toBeVisible(),
  );
  await checkPageState(page, 'history with marks', () =>
    expect(page.getByText('Verified', { exact: true }).first()).toBeVisible(),
  );

  // a remembered head that today's journal does not extend: a clear warning, never silence
  const seen = await page.evaluate(() => localStorage.getItem('transparency.seenTreeHead'));
  expect(seen).not.toBeNull();
  await page.evaluate(
    (head) => {
      localStorage.setItem(
        'transparency.seenTreeHead',
        JSON.stringify({ ...head, rootHash: '0'.repeat(64) }),
      );
    },
    JSON.parse(seen!) as Record<string, unknown>,
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('is not a prefix of today');
  await expectNoSeriousViolations(page, 'the journal warning');
  // the evidence: both signed checkpoints, the one remembered and the one shown now
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download both signed checkpoints' }).click();
  const evidence = await readDownload(await download);
  const now = (await call('GET', '/transparency/tree-head')) as { checkpoint: string; origin: string };
  expect(evidence).toContain(now.checkpoint);
  expect(evidence).toContain(JSON.parse(seen!).checkpoint as string);
  expect(evidence).toContain(`Seen before: ${JSON.parse(seen!).size} entries, root ${'0'.repeat(64)}`);
  await page.evaluate((head) => localStorage.setItem('transparency.seenTreeHead', head), seen!);

  // /transparency: the head's signature checked in the browser; a statement checked, then altered
  const pdf = await downloadStatement(token);
  await page.goto('/transparency');
  await expect(page.getByText('Signature verified in your browser against the pinned key')).toBeVisible();
  // the pinned key is the one statements print; the head is shown as its C2SP checkpoint
  const keys = (await call('GET', '/transparency/keys')) as { history: { fingerprint: string }[] };
  const pinned = page.getByRole('table', { name: "Pinned in this site's code" });
  await expect(pinned).toContainText(keys.history.at(-1)!.fingerprint);
  await expect(pinned).toContainText('none');
  await expect(page.getByTestId('checkpoint')).toContainText(`\u2014 ${now.origin} `);
  await expect(page.getByRole('table', { name: 'Earlier liabilities snapshots' })).toBeVisible();
  const input = page.getByLabel('Statement PDF');
  await input.setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Verify statement' }).click();
  await expect(page.getByText('Authentic and unaltered', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Statement checked' })).toContainText('$345.25');
  await shootBothWidths(page, 'transparency', () =>
    expect(page.getByText('Authentic and unaltered', { exact: true })).toBeVisible(),
  );
  await checkPageState(page, '/transparency', () =>
    expect(page.getByText('Authentic and unaltered', { exact: true })).toBeVisible(),
  );

  const altered = Buffer.from(pdf);
  const at = Math.floor(altered.length / 2);
  altered[at] = altered[at]! ^ 0x01;
  await input.setInputFiles({ name: 'altered.pdf', mimeType: 'application/pdf', buffer: altered });
  await page.getByRole('button', { name: 'Verify statement' }).click();
  await expect(page.getByText('Not authentic', { exact: true })).toBeVisible();
  await expect(page.getByText('Authentic and unaltered', { exact: true })).toHaveCount(0);

  // a head re-signed with a foreign key (both signatures, the key it names): the browser refuses it,
  // because it checks against the key pinned in the site's code, not the key the answer names
  // a read the reload below cancelled while it was fetched is gone: its answer is disposed, or its
  // route already handled, and there is nothing to answer
  const gone = (err: unknown) => {
    if (!/Route is already handled|Response has been disposed/.test(String(err))) throw err;
  };
  await page.route('**/api/transparency/tree-head', async (route) => {
    const head = (await (await route.fetch()).json().catch(gone)) as Record<string, unknown> | undefined;
    if (!head) return;
    await route.fulfill({ json: resignedWithForeignKey(head) }).catch(gone);
  });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(
    'it is signed with a key that is neither the pinned key nor certified from it',
  );
  await expect(page.getByText('Signature verified in your browser')).toHaveCount(0);
  await page.goto('/account/transaction-history');
  await expect(
    page.getByRole('table', { name: 'Transactions' }).getByText('Verified', { exact: true }),
  ).toHaveCount(0);
  await page.unroute('**/api/transparency/tree-head');
});

test('the owner publishes a proof of liabilities from the back-office dashboard', async ({
  page,
  readMail,
}) => {
  // a client with a balance, so there is something to publish
  await clientWithLines(readMail, newClientSignUp('Lia', 'Bility', 'liabilities'), [
    { amount: 120, transactionType: 'deposit', details: 'Wire' },
  ]);
  const latestId = async () =>
    ((await call('GET', '/transparency/liabilities/snapshots')) as { snapshots: { snapshotId: string }[] })
      .snapshots[0]?.snapshotId;
  const before = await latestId();
  await signIn(page, ADMIN, true);
  await page.goto('/admin/dashboard');
  const card = page.getByRole('region', { name: 'Proof of liabilities' });
  await expect(card).toContainText(/Latest snapshot|No snapshot has been published yet/);
  await card.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Proof of liabilities published', { exact: true })).toBeVisible();
  // a new snapshot exists, and the card reads it
  await expect.poll(latestId).not.toBe(before);
  const latest = (await call('GET', '/transparency/liabilities')) as { accounts: number };
  await expect(card).toContainText(`owed to ${latest.accounts.toLocaleString('en-US')} client accounts`);
  await checkPageState(page, 'the dashboard with the liabilities card', () => expect(card).toBeVisible());
});
