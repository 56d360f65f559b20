/**
 * Focus after an action, by keyboard only (WCAG 2.4.3 focus order, 4.1.3 status messages): an
 * action that removes or disables the control that had focus never leaves focus on the page body.
 * Reviewing a request in the queue moves focus to the next row's first action (the previous row's
 * when it was the last), at 1280 and 375 px; so does deciding an approval request. "Send code" puts
 * focus in the code field, "Resend Email" on the status it shows, choosing a deposit proof on the
 * chosen file's name (removing it back on the file field), and sending a message, a reply, a
 * staff e-mail or a notification back in the emptied field, with the success toast shown.
 */
import type { Locator, Page } from '@playwright/test';
import { APPROVAL_MSG, MESSAGING_MSG, MONEY_MSG, MSG } from '../common/messages';
import { addActiveDestination, approveIdentity, moveSecurityHoldClock } from './destinations';
import { codeIn, expect, MAIL_WAIT, test } from './fixtures';
import {
  ADMIN,
  call,
  doneEvenIfHeld,
  newBrowserPage,
  newClientSignUp,
  PNG_DATA_URL,
  signIn,
  signUpByApi,
  shootBothWidths,
  signUpVerified,
  STAFF,
  submitSignIn,
  type ReadMail,
} from './journey';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const REASON = 'The proof does not match the amount';

/** The tag and description of what has focus, for failure messages. */
const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el === document.body || !el
      ? 'body'
      : `<${el.tagName.toLowerCase()}> ${el.textContent?.slice(0, 60)}`;
  });

/** Expects `target` to have focus (and so not the page body), naming what has it instead. */
async function expectFocusOn(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  expect(await activeElement(page)).not.toBe('body');
}

/** A screenshot of the page as it is into SHOTS_DIR, when set (`npm run test:e2e` with it). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

/** Presses Tab until `target` has focus (at most `max` times); fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 20) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Signs `token`'s client's deposit of `amount` USD in (pending) and answers its id. */
async function deposit(token: string, amount: number): Promise<string> {
  const { data } = (await call(
    'POST',
    '/deposits',
    { amount, image: PNG_DATA_URL, wallet: 'bitcoin' },
    token,
  )) as {
    data: { _id: string };
  };
  return data._id;
}

/** A verified client with `balance` USD available (a deposit the demo admin approved). */
async function fundedClient(readMail: ReadMail, lastName: string, balance: number) {
  const signUp = newClientSignUp('Kim', lastName, `keys.${lastName.toLowerCase()}`);
  const client = await signUpVerified(readMail, signUp);
  const { token: admin } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  // from $1,000 on the approval waits for a second staff member (four-eyes): the demo finance member
  await doneEvenIfHeld(
    await call('PUT', `/deposits/${await deposit(client.token, balance)}/approve`, undefined, admin),
  );
  return { ...client, signUp, admin, name: `${signUp.firstName} ${signUp.lastName}` };
}

/**
 * After the last row of a list was decided: focus is on the row before it (its first action is
 * `action`) or, when no row is left, on the page's h1.
 */
async function expectFocusAfterLastRow(page: Page, action: string) {
  const left = page.getByRole('main').getByRole('button', { name: action, exact: true });
  if ((await left.count()) === 0) {
    await expectFocusOn(page, page.getByRole('heading', { level: 1 }));
  } else {
    await expectFocusOn(page, left.last());
  }
}

/** The clients whose address book holds ADDRESS, active. */
const withDestination = new Set<string>();

/**
 * Makes `client` able to withdraw to ADDRESS (once per client): their identity approved and ADDRESS
 * active in their address book.
 */
async function addBitcoinDestination(
  client: { token: string; id: string; signUp: { email: string } },
  readMail: ReadMail,
) {
  if (withDestination.has(client.signUp.email)) return;
  await approveIdentity(client);
  const destination = {
    kind: 'crypto',
    label: 'Bitcoin wallet',
    network: 'bitcoin',
    address: ADDRESS,
  } as const;
  await addActiveDestination({ token: client.token, email: client.signUp.email }, readMail, destination);
  withDestination.add(client.signUp.email);
}

/**
 * The client of `token` asks for a withdrawal code of `amount` USD to a Bitcoin address of their
 * address book and confirms the withdrawal with the mailed code: a pending withdrawal (held for
 * approval when an admin approves it at or above the four-eyes threshold).
 */
async function withdraw(
  client: { token: string; id: string; signUp: { email: string } },
  readMail: ReadMail,
  amount: number,
) {
  await addBitcoinDestination(client, readMail);
  const withdrawal = { amount, address: ADDRESS, wallet: 'bitcoin' };
  await call('POST', '/withdrawals/code', { method: 'crypto', ...withdrawal }, client.token);
  const shown = `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect.poll(async () => (await readMail(client.signUp.email)).text, MAIL_WAIT).toContain(shown);
  const token = codeIn(await readMail(client.signUp.email));
  const { data } = (await call('POST', '/c-withdrawals', { ...withdrawal, token }, client.token)) as {
    data: { _id: string };
  };
  return data._id;
}

/**
 * Presses Enter on the focused row action, confirms its dialog by keyboard (the reason typed for
 * a rejection), and waits for `done` and for the row to leave.
 */
async function decide(page: Page, row: Locator, done: string, confirm: string, reason?: string) {
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) {
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    await page.keyboard.type(reason);
  }
  await tabTo(page, dialog.getByRole('button', { name: confirm, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(done).first()).toBeVisible();
  await expect(row).toHaveCount(0);
}

test('review queue: approve, reject and decline move focus to the next row, or the previous one', async ({
  page,
  readMail,
}) => {
  const client = await fundedClient(readMail, `Queue${Date.now().toString(36)}`, 500);
  // a pending withdrawal (confirmed with the mailed code), then four pending deposits
  await withdraw(client, readMail, 40);
  for (const amount of [101, 102, 103, 104]) await deposit(client.token, amount);

  await signIn(page, ADMIN, true);
  await page.goto('/admin/pending-reviews');
  await page.getByLabel('Rows per page').selectOption('40');
  const mine = page.getByRole('row').filter({ hasText: client.name });
  await expect(mine).toHaveCount(5);
  const row = (amount: string) => mine.filter({ hasText: amount });
  const approve = (amount: string) => row(amount).getByRole('button', { name: 'Approve' });

  // Decline the withdrawal: focus goes to the next row's first action.
  await row('$40.00').getByRole('button', { name: 'Decline' }).focus();
  await decide(page, row('$40.00'), MONEY_MSG.withdrawalDeclined, 'Decline', REASON);
  await expectFocusOn(page, approve('$101.00'));

  // Approve that one from the keyboard where focus landed: on to the next row again.
  await decide(page, row('$101.00'), MONEY_MSG.depositApproved, 'Approve');
  await expectFocusOn(page, approve('$102.00'));
  await shot(page, 'review-queue-1280');

  // Reject the last row: focus goes to the row before it.
  await row('$104.00').getByRole('button', { name: 'Reject' }).focus();
  await decide(page, row('$104.00'), MONEY_MSG.depositRejected, 'Reject', REASON);
  await expectFocusOn(page, approve('$103.00'));

  // On a phone the rows are cards: the same.
  await page.setViewportSize({ width: 375, height: 800 });
  await approve('$102.00').focus();
  await decide(page, row('$102.00'), MONEY_MSG.depositApproved, 'Approve');
  await expectFocusOn(page, approve('$103.00'));
  await shot(page, 'review-queue-375');

  // The last of them: the row before (another client's), or the heading when the queue is empty.
  await decide(page, row('$103.00'), MONEY_MSG.depositApproved, 'Approve');
  await expectFocusAfterLastRow(page, 'Approve');
});

test('approvals queue: approve and reject move focus on, never to the page body', async ({
  browser,
  readMail,
}) => {
  const client = await fundedClient(readMail, `Held${Date.now().toString(36)}`, 3200);
  // two withdrawal approvals at or above the four-eyes threshold: held for a second staff member
  for (const amount of [1500, 1600]) {
    const id = await withdraw(client, readMail, amount);
    await call('PUT', `/c-withdrawals/${id}/approve`, undefined, client.admin);
  }
  const page = await newBrowserPage(browser);
  await signIn(page, STAFF.finance, true);
  await page.goto('/admin/approvals');
  await expect(page.getByRole('table', { name: 'Pending approval requests' })).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('40');
  const mine = page.getByRole('row').filter({ hasText: client.signUp.email });
  await expect(mine).toHaveCount(2);
  const row = (amount: string) => mine.filter({ hasText: amount });

  await row('$1,500.00').getByRole('button', { name: 'Approve' }).focus();
  await decide(page, row('$1,500.00'), APPROVAL_MSG.approved, 'Approve');
  await expectFocusOn(page, row('$1,600.00').getByRole('button', { name: 'Approve' }));

  await row('$1,600.00').getByRole('button', { name: 'Reject' }).focus();
  await decide(page, row('$1,600.00'), APPROVAL_MSG.rejected, 'Reject', REASON);
  await expectFocusAfterLastRow(page, 'Approve');
  await page.context().close();
});

test('Resend Email puts focus on the status it shows', async ({ page, readMail }) => {
  const signUp = newClientSignUp('Rae', 'Resend', 'keys.resend');
  await signUpByApi(signUp);
  await readMail(signUp.email);
  await submitSignIn(page, signUp);
  await expect(page).toHaveURL(/\/email-verification$/);
  await page.getByRole('button', { name: 'Resend Email' }).focus();
  await page.keyboard.press('Enter');
  await expectFocusOn(page, page.getByRole('status').filter({ hasText: MSG.emailSent }));
  await shootBothWidths(page, 'resend-email', async () => {});
});

/** Signs a new client with `balance` USD in through the form (tests of one form each). */
async function signedInClient(page: Page, readMail: ReadMail, tag: string, balance = 200) {
  const client = await fundedClient(readMail, `${tag}${Date.now().toString(36)}`, balance);
  await signIn(page, client.signUp);
  return client;
}

test('Send code puts focus in the code field while the button rests', async ({ page, readMail }) => {
  const client = await signedInClient(page, readMail, 'Code');
  await addBitcoinDestination(client, readMail);
  // the hold on withdrawals after this first sign-in from a new device ends
  await moveSecurityHoldClock(client.signUp.email, 25);
  await page.goto('/account/withdrawal/withdraw?wallet=bitcoin');
  await page.getByLabel('Amount').fill('25');
  await page.getByRole('radio', { name: /^Bitcoin wallet/ }).check();
  await tabTo(page, page.getByRole('button', { name: 'Send code' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeDisabled();
  await expectFocusOn(page, page.getByRole('textbox', { name: 'Confirmation code' }));
});

test('choosing the deposit proof puts focus on the chosen file, removing it back on the file field', async ({
  page,
  readMail,
}) => {
  await signedInClient(page, readMail, 'Proof');
  // Playwright turns on the browser's file-chooser interception when the first listener is added,
  // without waiting for the browser to confirm: a key pressed right after may beat it, and a busy CI
  // run once saw no chooser at all. Listening before the page loads gives it the whole set-up.
  const chooser = page.waitForEvent('filechooser');
  await page.goto('/account/deposit/bitcoin?wallet=bitcoin');
  await page.getByLabel('Amount (USD)').fill('30');
  const fileField = page.getByLabel('Proof of payment');
  await tabTo(page, fileField);
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Chosen proof of payment' })).toBeVisible();
  await expectFocusOn(page, page.getByRole('status').filter({ hasText: 'receipt.png' }));
  await shootBothWidths(page, 'deposit-proof', async () => {});
  await tabTo(page, page.getByRole('button', { name: 'Remove image' }), 3);
  await page.keyboard.press('Enter');
  await expectFocusOn(page, fileField);
});

test('a message to support and a follow-up put focus back in the emptied field', async ({
  page,
  readMail,
}) => {
  await signedInClient(page, readMail, 'Support');
  await page.goto('/account/support');
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  await message.focus();
  await page.keyboard.type('Where is my deposit proof shown?');
  await tabTo(page, page.getByRole('button', { name: 'Send message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.messageSent)).toBeVisible();
  await expect(message).toHaveValue('');
  await expectFocusOn(page, message);

  const followUp = page.getByRole('textbox', { name: 'Add to this message' });
  await followUp.focus();
  await page.keyboard.type('It was a PNG file.');
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('It was a PNG file.')).toBeVisible();
  await expect(followUp).toHaveValue('');
  await expectFocusOn(page, followUp);
});

/** A client (with a support ticket) and the demo admin signed in on `page`. */
async function staffAndClient(page: Page, readMail: ReadMail, tag: string) {
  const client = await fundedClient(readMail, `${tag}${Date.now().toString(36)}`, 10);
  await call('POST', '/support', { message: `Question from ${client.signUp.email}` }, client.token);
  await signIn(page, ADMIN, true);
  return client;
}

test("support's reply puts focus back in the emptied reply box", async ({ page, readMail }) => {
  const client = await staffAndClient(page, readMail, 'Reply');
  await page.goto('/admin/support-tickets');
  const ticket = page.getByRole('listitem').filter({ hasText: `Question from ${client.signUp.email}` });
  const reply = ticket.getByRole('textbox', { name: 'Reply' });
  await reply.focus();
  await page.keyboard.type('It shows on your deposit page.');
  await tabTo(page, ticket.getByRole('button', { name: 'Send reply' }));
  await page.keyboard.press('Enter');
  await expect(ticket.getByText('It shows on your deposit page.')).toBeVisible();
  await expect(reply).toHaveValue('');
  await expectFocusOn(page, reply);
});

test('a staff e-mail puts focus back on the emptied subject', async ({ page, readMail }) => {
  const client = await staffAndClient(page, readMail, 'Mail');
  await page.goto('/admin/emailing');
  await page.getByRole('combobox', { name: 'Client' }).fill(client.signUp.email);
  await page.getByRole('option', { name: new RegExp(client.signUp.email.replace(/[.+]/g, '\\$&')) }).click();
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await subject.fill('Your deposit');
  await page.getByRole('textbox', { name: 'Message' }).fill('It was approved.');
  await tabTo(page, page.getByRole('button', { name: 'Send email' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.emailSent)).toBeVisible();
  await expect(subject).toHaveValue('');
  await expectFocusOn(page, subject);
});

test('a notification from staff puts focus back on the emptied title', async ({ page, readMail }) => {
  const client = await staffAndClient(page, readMail, 'Note');
  await page.goto(`/admin/notifications/${client.id}?${new URLSearchParams({ name: client.name })}`);
  await page.getByRole('button', { name: 'Add Notification' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Deposit approved');
  await page.getByRole('textbox', { name: 'Message' }).fill('Your deposit was approved.');
  await tabTo(page, page.getByRole('button', { name: 'Send notification' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGING_MSG.notificationSent)).toBeVisible();
  await expect(title).toHaveValue('');
  await expectFocusOn(page, title);
});

test("staff: closing a ticket and deleting a notification move focus to the next card's same button", async ({
  page,
  readMail,
}) => {
  const client = await staffAndClient(page, readMail, 'Cards');
  await call('POST', '/support', { message: `Second question from ${client.signUp.email}` }, client.token);
  for (const title of ['Older notice', 'Newer notice']) {
    await call('POST', '/notifications', { userId: client.id, title, message: title }, client.admin);
  }

  // Closing a ticket takes it out of the Open view: the next ticket's Close has focus.
  await page.goto('/admin/support-tickets');
  const close = page.getByRole('button', { name: `Close ticket from ${client.signUp.email}` });
  await expect(close).toHaveCount(2);
  await close.first().focus();
  await page.keyboard.press('Enter');
  await expect(close).toHaveCount(1);
  await expectFocusOn(page, close);

  // Deleting a notification: the next card's Delete has focus.
  await page.goto(`/admin/notifications/${client.id}?${new URLSearchParams({ name: client.name })}`);
  const remove = (title: string) => page.getByRole('button', { name: `Delete notification ${title}` });
  await remove('Newer notice').focus();
  await decide(page, remove('Newer notice'), MESSAGING_MSG.notificationDeleted, 'Delete');
  await expectFocusOn(page, remove('Older notice'));
});
