/**
 * Messages journeys: the admin notifies a client (the bell counts it, viewing the page clears it, the
 * client deletes it); the client writes to support, the admin replies and closes the ticket, the
 * reply shows on the client's support page and reaches their e-mail; the admin e-mails a client;
 * a contact message is read and deleted. Every text carries HTML: no script runs in either browser,
 * the pages show it literally and the e-mails escape it. axe on these pages is in a11y-routes.spec.ts
 * (its client has a notice, a ticket and a contact message).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, newOfflineContext, type ReadMail, signIn, signUpVerified } from './journey';
const PASSWORD = 'Messages-pass-42';

/** Markup that would run or render if any page or mail treated text as HTML. */
const SCRIPT = '<script>window.__xss = 1; alert(1)</script>';
const IMG = '<img src=x onerror="window.__xss = 2; alert(2)">';
const BOLD = '<b>bold</b>';

/** A mail as the e2e server stores it (the fixture's type leaves out `html`). */
interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A browser page that fails the test when any dialog opens (an injected `alert`). */
function guard(page: Page, dialogs: string[]) {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

/** Both pages guarded; the admin works in a browser of their own, offline like `page`. */
const journey = test.extend<{ adminPage: Page; dialogs: string[] }>({
  // eslint-disable-next-line no-empty-pattern
  dialogs: async ({}, use) => {
    const dialogs: string[] = [];
    await use(dialogs);
    expect(dialogs, 'no injected script may open a dialog').toEqual([]);
  },
  adminPage: async ({ browser, dialogs }, use) => {
    const context = await newOfflineContext(browser);
    const adminPage = await context.newPage();
    guard(adminPage, dialogs);
    await use(adminPage);
    expect(await adminPage.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
  },
  page: async ({ page, dialogs }, use) => {
    guard(page, dialogs);
    await use(page);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  },
});

/** A new verified client of these journeys (signed up and verified through the API). */
async function newClient(readMail: ReadMail) {
  const email = `messages.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { id } = await signUpVerified(readMail, {
    firstName: 'Nora',
    lastName: 'Notice',
    email,
    phone: '+1 555 0142',
    password: PASSWORD,
    gender: 'female',
    country: 'Kosovo',
  });
  return { id, email, password: PASSWORD, name: 'Nora Notice' };
}

/** A new client (newClient) signed in on `page`, with the admin signed in on `adminPage`; answers the client. */
async function bothSignedIn(page: Page, adminPage: Page, readMail: ReadMail) {
  const client = await newClient(readMail);
  await signIn(page, client);
  await signIn(adminPage, ADMIN, true);
  return client;
}

/** Waits (up to 10 s) for the newest mail to `to` to have `subject`. */
async function mailWithSubject(readMail: ReadMail, to: string, subject: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readMail(to)) as Mail; // the stored JSON has the html part too
    if (mail.subject === subject) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; newest is "${mail.subject}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The mail's HTML shows the markup as escaped text and contains none of it as tags. */
function expectEscaped(html: string) {
  expect(html).not.toMatch(/<script|<img|<b>/i);
  expect(html).toContain('&lt;script&gt;');
  expect(html).toContain('&lt;img src=x onerror=&quot;');
  expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
}

journey(
  'the admin notifies a client: the bell counts it, viewing clears it, the client deletes it',
  async ({ page, adminPage, readMail }) => {
    const client = await bothSignedIn(page, adminPage, readMail);
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    const title = `Notice ${BOLD}`;
    const message = `${SCRIPT} Hello ${IMG}`;
    await adminPage.goto(`/admin/notifications/${client.id}?name=${encodeURIComponent(client.name)}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(adminPage.getByText('No notifications found')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Add Notification' }).click();
    const form = adminPage.getByRole('form', { name: 'Add notification' });
    // The panel opens with a height transition: for its first ~150 ms the button is clipped by the
    // panel and a click at its place lands on <main> behind it (measured), which lost the click in two
    // CI runs. Click once the button is wholly shown, as a person would.
    const send = form.getByRole('button', { name: 'Send notification' });
    await expect(send).toBeInViewport({ ratio: 1 });
    await send.click();
    await expect(form.getByText('Title is required', { exact: true })).toBeVisible();
    await expect(form.getByText('Message is required', { exact: true })).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(adminPage.getByText('Notification sent successfully')).toBeVisible();
    const sent = adminPage.getByRole('listitem').filter({ hasText: title });
    await expect(sent).toContainText(message);

    const mail = await mailWithSubject(readMail, client.email, title);
    expect(mail.text).toContain(message);
    expect(mail.html).not.toMatch(/<script|<img|<b>bold/i);
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;window.__xss = 1; alert(1)&lt;/script&gt;');

    // The client's bell counts it; viewing the page marks it read and the bell drops to none.
    await page.reload();
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/account\/notification$/);
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item).toContainText(message);
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(item).toBeVisible();

    await item.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this notification?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Notification deleted successfully')).toBeVisible();
    await expect(page.getByText('No notifications found')).toBeVisible();

    // The admin's list follows; an admin may delete a client's notification too.
    await adminPage.reload();
    await expect(adminPage.getByText('No notifications found')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Add Notification' }).click();
    await form.getByLabel('Title').fill('Second notice');
    await form.getByLabel('Message').fill('To be removed by support');
    await form.getByRole('button', { name: 'Send notification' }).click();
    const second = adminPage.getByRole('listitem').filter({ hasText: 'Second notice' });
    await second.getByRole('button', { name: /Delete/ }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(adminPage.getByText('Notification deleted successfully')).toBeVisible();
    await expect(adminPage.getByText('No notifications found')).toBeVisible();
  },
);

journey(
  'the client writes to support; the reply shows on their support page and reaches their e-mail',
  async ({ page, adminPage, readMail }) => {
    const client = await bothSignedIn(page, adminPage, readMail);

    // Pre-filled from ?message= (the upgrade page links here); an empty message is refused.
    await page.goto(`/account/support?message=${encodeURIComponent('Please upgrade me to Gold')}`);
    const box = page.getByRole('form', { name: 'Message to support' });
    await expect(box.getByLabel('Message')).toHaveValue('Please upgrade me to Gold');
    await box.getByLabel('Message').fill('   ');
    await box.getByRole('button', { name: 'Send message' }).click();
    await expect(box.getByText('Message is required', { exact: true })).toBeVisible();
    const question = `Where is my deposit? ${BOLD} ${IMG}`;
    await box.getByLabel('Message').fill(question);
    await box.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(box.getByLabel('Message')).toHaveValue('');
    const mine = page.getByRole('list', { name: 'Your messages' }).getByRole('listitem').first();
    await expect(mine).toContainText(question);
    await expect(mine).toContainText('Open');
    await expect(mine).toContainText('No reply from support yet.');

    // The admin sees it with the client's e-mail (linking to the user page) and replies.
    await adminPage.goto('/admin/support-tickets');
    const ticket = adminPage
      .getByRole('listitem')
      .filter({ has: adminPage.getByRole('link', { name: client.email }) });
    await expect(ticket).toContainText(question);
    await expect(ticket.getByRole('link', { name: client.email })).toHaveAttribute(
      'href',
      `/admin/users/${client.id}`,
    );
    const answer = `We found it ${SCRIPT} ${BOLD}`;
    await ticket.getByRole('textbox', { name: 'Reply' }).fill(answer);
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await expect(adminPage.getByText('Reply sent successfully')).toBeVisible();
    await expect(ticket.getByRole('list', { name: 'Replies' })).toContainText(answer);
    await ticket.getByRole('button', { name: /^Close ticket/ }).click();
    await expect(adminPage.getByText('Ticket updated successfully')).toBeVisible();
    await expect(ticket).toHaveCount(0); // the default view lists open tickets
    await adminPage.getByText('Closed', { exact: true }).click();
    await expect(ticket).toContainText('Closed');

    // The client reads the reply on their support page and in their e-mail.
    await page.reload();
    await expect(mine.getByRole('list', { name: 'Replies' })).toContainText(`Support`);
    await expect(mine.getByRole('list', { name: 'Replies' })).toContainText(answer);
    await expect(mine).toContainText('Closed');
    await expect(mine.getByLabel('Add to this message')).toHaveCount(0);
    const mail = await mailWithSubject(readMail, client.email, 'Support replied to your message');
    expect(mail.text).toContain(answer);
    expect(mail.html).not.toMatch(/<script|<b>bold/i);
    expect(mail.html).toContain(
      '&lt;script&gt;window.__xss = 1; alert(1)&lt;/script&gt; &lt;b&gt;bold&lt;/b&gt;',
    );

    // Deleting asks first.
    await ticket.getByRole('button', { name: /^Delete ticket/ }).click();
    const dialog = adminPage.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this ticket?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(adminPage.getByText('Ticket deleted successfully')).toBeVisible();
    await expect(ticket).toHaveCount(0);
  },
);

journey('the admin e-mails one client; the HTML arrives escaped', async ({ adminPage, readMail }) => {
  const client = await newClient(readMail);
  await signIn(adminPage, ADMIN, true);
  await adminPage.getByRole('link', { name: 'Emailing' }).first().click();
  await expect(adminPage).toHaveURL(/\/admin\/emailing$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Send Emails' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Send email' }).click();
  await expect(adminPage.getByText('Please select a user', { exact: true })).toBeVisible();
  await expect(adminPage.getByText('Subject is required', { exact: true })).toBeVisible();
  await expect(adminPage.getByText('Message is required', { exact: true })).toBeVisible();
  // the refused form put focus on its first invalid field, the client picker, which opens its list
  // of clients; closed first, so the check is of the page (the list's options are reached through
  // the picker, not by Tab)
  await expect(adminPage.getByRole('combobox', { name: 'Client' })).toBeFocused();
  await adminPage.keyboard.press('Escape');
  await expect(adminPage.getByLabel('Subject')).toBeVisible();

  await adminPage.getByRole('combobox', { name: 'Client' }).fill(client.email);
  await adminPage.getByRole('option', { name: new RegExp(client.email.replace(/[.+]/g, '\\$&')) }).click();
  const subject = `Hello ${BOLD} ${SCRIPT}`;
  const message = `${IMG}\nSecond line ${BOLD} ${SCRIPT}`;
  await adminPage.getByLabel('Subject').fill(subject);
  await adminPage.getByLabel('Message').fill(message);
  await adminPage.getByRole('button', { name: 'Send email' }).click();
  await expect(adminPage.getByText('Email sent successfully')).toBeVisible();
  await expect(adminPage.getByLabel('Subject')).toHaveValue('');

  const mail = await mailWithSubject(readMail, client.email, subject);
  expect(mail.text).toContain('Second line <b>bold</b>');
  expectEscaped(mail.html);
});

journey('a contact message with HTML shows as text and is deleted', async ({ adminPage, request }) => {
  const name = `Casey ${BOLD}`;
  const message = `Question ${SCRIPT} ${IMG} ${Date.now()}`;
  const sent = await request.post('/api/contacts', { data: { name, email: 'casey@example.com', message } });
  expect(sent.status()).toBe(201);

  await signIn(adminPage, ADMIN, true);
  await expect(adminPage.getByRole('link', { name: 'Contact' }).first()).toHaveAttribute(
    'href',
    '/admin/contacts',
  );
  await adminPage.goto('/admin/contacts');
  const card = adminPage.getByRole('listitem').filter({ hasText: message });
  await expect(card).toContainText(name);
  await expect(card).toContainText('casey@example.com');

  await card.getByRole('button', { name: /^Delete message/ }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('Contact deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
});
