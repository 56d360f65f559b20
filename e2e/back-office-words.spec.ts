/**
 * The back office says who and what in words: the owner credits a client $1,500 (held by four-eyes,
 * approved by the demo finance member), voids a $300 line, and rejects the client's identity
 * documents with a reason. The audit log, opened on the client, names the maker and the checker by
 * name and e-mail, each a link, never by a raw id, and never draws a bare "→ —"; the client's page
 * reads "Rejected by <name> (<e-mail>) on <date>: <reason>", and the client's own verification tab says the
 * reason and the day. Each screen is axe clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ADMIN,
  approveHeld,
  call,
  checkPageState,
  newBrowserPage,
  newClientSignUp,
  sendIdentityDocuments,
  signIn,
  signUpVerified,
} from './journey';

const REJECTION = 'The passport photo is too blurred to read the number';
/** An id (uuid) as raw text. */
const RAW_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/;

/** The journey's data through the API: a client, a held and approved credit, a void, a KYC rejection. */
async function clientWithDecisions(readMail: Parameters<typeof signUpVerified>[0]) {
  const signUp = newClientSignUp('Wanda', 'Words', 'office-words');
  const client = await signUpVerified(readMail, signUp);
  const { token: owner } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  const held = await call(
    'POST',
    `/user/admin/account/${client.id}/adjustments`,
    { direction: 'credit', amount: 1500, reason: 'Goodwill credit after the outage' },
    owner,
  );
  await approveHeld(held);
  const line = (await call(
    'POST',
    `/transaction/${client.id}`,
    { amount: 300, transactionType: 'deposit', details: 'Wire received twice' },
    owner,
  )) as { data: { _id: string } };
  await call('DELETE', `/transaction/${line.data._id}`, { reason: 'The wire was credited twice' }, owner);
  await sendIdentityDocuments(client.token);
  await call(
    'PUT',
    `/user/admin/${client.id}/verification`,
    { status: 'rejected', reason: REJECTION },
    owner,
  );
  return { signUp, client };
}

/** The audit log's table on one client, loaded. */
async function openAuditLog(page: Page, id: string, email: string) {
  await page.goto(`/admin/audit-log?${new URLSearchParams({ targetUserId: id, client: email })}`);
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByText('approval.approve')).toBeVisible();
  return table;
}

test('the back office names people and says what an empty value means', async ({
  page,
  browser,
  readMail,
}) => {
  const { signUp, client } = await clientWithDecisions(readMail);
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, true);
  const table = await openAuditLog(page, client.id, signUp.email);
  const approval = table.getByRole('row').filter({ hasText: 'approval.approve' });
  await expect(approval.getByText('Requested by:')).toBeVisible();
  await expect(approval.getByRole('link', { name: /Ada Admin.*admin@demo\.test/ }).first()).toBeVisible();
  await expect(approval.getByRole('link', { name: /Fran .*finance@demo\.test/ }).first()).toBeVisible();
  // people by name, never by id (a journal entry's id may show: it is a row, not a person)
  for (const who of ['Requested by:', 'Decided by:']) {
    const item = approval.getByRole('listitem').filter({ hasText: who });
    await expect(item).toHaveCount(1);
    expect(await item.innerText(), 'a person by raw id').not.toMatch(RAW_ID);
  }
  for (const text of await table.locator('td').allInnerTexts()) {
    expect(text, 'a bare dash arrow').not.toMatch(/→\s*—/);
  }
  const voided = table.getByRole('row').filter({ hasText: 'transaction.void' });
  await expect(voided).toContainText('$300.00');
  await checkPageState(page, 'the audit log', () =>
    expect(table.getByText('approval.approve')).toBeVisible(),
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/users/${client.id}`);
  const decision = page.getByText(/^Rejected by Ada Admin \(admin@demo\.test\) on /);
  await expect(decision).toContainText(`Rejected by Ada Admin (admin@demo.test) on ${today}`);
  await expect(decision).toContainText(REJECTION);
  await checkPageState(page, "the client's page", () => expect(decision).toBeVisible());

  const mine = await newBrowserPage(browser);
  await signIn(mine, signUp);
  await mine.goto('/account/profile?tab=verification');
  const own = mine.getByText(`Rejected on ${today}`);
  await expect(own).toBeVisible();
  await expect(mine.getByText(REJECTION)).toBeVisible();
  await checkPageState(mine, 'the verification tab', () => expect(own).toBeVisible());
});
