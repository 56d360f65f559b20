/**
 * Staff roles in the back office (common/permissions.ts, docs/security.md "Staff roles"): each demo
 * staff member sees only the sidebar pages, links and buttons of their role, a page opened by URL
 * without its permission says "Your role does not allow this", and the header names the role.
 * One client (pending identity documents, a pending deposit, a posted transaction) is looked at
 * by support, finance and compliance in turn; axe runs on support's pages.
 */
import type { Page } from '@playwright/test';
import { STAFF_MSG } from '../common/messages';
import { expect, test } from './fixtures';
import {
  ADMIN,
  call,
  checkPageState,
  newClientSignUp,
  PNG_DATA_URL,
  type ReadMail,
  sendIdentityDocuments,
  signIn,
  signUpVerified,
  STAFF,
} from './journey';

/** The client every role looks at: their id and name (the per-client pages' `?name=`). */
interface Client {
  id: string;
  name: string;
}

let client: Promise<Client> | undefined;

/**
 * Once per run: a verified client who sent identity documents (pending review) and a deposit
 * (pending), and has a transaction the owner posted (voidable).
 */
function theClient(readMail: ReadMail): Promise<Client> {
  client ??= (async () => {
    const { token, id } = await signUpVerified(readMail, newClientSignUp('Rhea', 'Roles', 'roles'));
    await sendIdentityDocuments(token);
    await call('POST', '/deposits', { amount: 120, image: PNG_DATA_URL }, token);
    const { token: ownerToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
    const line = { amount: 300, transactionType: 'deposit', details: 'Wire received' };
    await call('POST', `/transaction/${id}`, line, ownerToken);
    return { id, name: 'Rhea Roles' };
  })();
  return client;
}

const userLinks = (page: Page) => page.getByRole('navigation', { name: 'Pages of this user' });

type Within = Page | ReturnType<Page['getByRole']>;

/** Expects each named `role` element inside `within` to be there (`shown`, at least one) or not. */
async function expectNamed(
  within: Within,
  role: 'link' | 'button',
  names: readonly string[],
  shown: boolean,
) {
  for (const name of names) {
    const found = within.getByRole(role, { name, exact: true });
    await (shown ? expect(found.first(), name).toBeVisible() : expect(found, name).toHaveCount(0));
  }
}

const expectLinks = (within: Within, names: readonly string[], shown: boolean) =>
  expectNamed(within, 'link', names, shown);
const expectButtons = (page: Page, names: readonly string[], shown: boolean) =>
  expectNamed(page, 'button', names, shown);

/** Opens the client's page and waits for it. */
async function openClient(page: Page, { id, name }: Client) {
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Opens one of the client's pages (`/admin/<kind>/:id?name=`) and waits for its table's first row. */
async function openClientTable(page: Page, { id, name }: Client, kind: string, table: string) {
  await page.goto(`/admin/${kind}/${id}?${new URLSearchParams({ name })}`);
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toContainText('$');
}

/** The money actions of the client's pages: on the transactions and deposits tables. */
async function expectMoneyActions(page: Page, who: Client, shown: boolean) {
  await openClientTable(page, who, 'transactions', 'Transactions');
  await expect(page.getByRole('link', { name: 'Add transaction' })).toHaveCount(shown ? 1 : 0);
  await expectButtons(page, ['Void'], shown);
  await openClientTable(page, who, 'deposits', 'Deposits');
  await expectButtons(page, ['Approve', 'Reject'], shown);
}

/** The sidebar links a role sees and those it does not. */
interface SidebarLinks {
  shown: readonly string[];
  hidden: readonly string[];
}

/**
 * Signs the demo staff member of `role` in at /admin/login, checks the header's role badge and the
 * sidebar's links, and answers the client every role looks at.
 */
async function signInAs(
  page: Page,
  role: keyof typeof STAFF,
  readMail: ReadMail,
  links: SidebarLinks,
): Promise<Client> {
  const who = await theClient(readMail);
  await signIn(page, STAFF[role], true);
  const label = role.charAt(0).toUpperCase() + role.slice(1);
  await expect(page.getByRole('banner').getByText(label, { exact: true })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await expectLinks(sidebar, links.shown, true);
  await expectLinks(sidebar, links.hidden, false);
  return who;
}

/** Opens `path` by URL and expects the layout's refusal instead of the page. */
async function expectNotAllowed(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: STAFF_MSG.notAllowed })).toBeVisible();
}

const MONEY_LINKS = ['Add profit', 'Account'];
const KYC_AND_BLOCK = ['Block', 'Verify', 'Reject', 'View front'];

test('support answers clients: no money, identity or block actions, no review queue', async ({
  page,
  readMail,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const who = await signInAs(page, 'support', readMail, {
    shown: ['Users', 'Contact', 'Emailing', 'Mail outbox', 'Support Tickets'],
    hidden: [
      'Pending reviews',
      'Approvals',
      'Audit log',
      'Staff',
      'Verification limits',
      'API keys',
      'Webhooks',
    ],
  });
  await checkPageState(page, 'users list as support', async () => {
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  });

  await openClient(page, who);
  await expectLinks(userLinks(page), ['Deposits', 'Transactions', 'Notifications'], true);
  await expectLinks(userLinks(page), [...MONEY_LINKS, 'Edit user', 'Audit log'], false);
  await expectButtons(page, [...KYC_AND_BLOCK, 'Delete', 'Approve proof of address'], false);
  await expect(page.getByText('Your role does not review identity documents.')).toBeVisible();
  await checkPageState(page, 'user page as support', async () => {
    await expect(page.getByRole('heading', { name: 'Identity verification' })).toBeVisible();
  });
  await expectMoneyActions(page, who, false);

  await expectNotAllowed(page, '/admin/pending-reviews');
  await expect(page.getByRole('table', { name: 'Pending reviews' })).toHaveCount(0);
  await expectNotAllowed(page, '/admin/approvals');
  await expectNotAllowed(page, '/admin/verification-limits');
  await expectNotAllowed(page, '/admin/api-keys');
  await expectNotAllowed(page, '/admin/webhooks');
  await checkPageState(page, 'a page support may not open', async () => {
    await expect(page.getByRole('heading', { level: 1, name: STAFF_MSG.notAllowed })).toBeVisible();
  });
});

/** The other roles: what each sees in the sidebar, then on the client's pages and elsewhere. */
const OTHER_ROLES = [
  {
    role: 'finance',
    title: 'finance moves money: reviews and money actions, no contact, e-mailing, block or identity review',
    sidebar: {
      shown: ['Users', 'Pending reviews', 'Approvals', 'Audit log'],
      hidden: [
        'Contact',
        'Emailing',
        'Mail outbox',
        'Support Tickets',
        'Staff',
        'Verification limits',
        'API keys',
        'Webhooks',
      ],
    },
    async check(page: Page, who: Client) {
      await expectMoneyActions(page, who, true);
      await openClient(page, who);
      await expectButtons(page, [...KYC_AND_BLOCK, 'Delete'], false);
      await expectLinks(userLinks(page), [...MONEY_LINKS, 'Audit log'], true);
      await expectLinks(userLinks(page), ['Edit user'], false);
      await expectNotAllowed(page, '/admin/contacts');
    },
  },
  {
    role: 'compliance',
    title: 'compliance decides on identities and access: KYC review and block, no money actions',
    sidebar: {
      shown: ['Users', 'Contact', 'Mail outbox', 'Audit log'],
      hidden: ['Pending reviews', 'Approvals', 'Staff', 'Verification limits', 'API keys', 'Webhooks'],
    },
    async check(page: Page, who: Client) {
      await openClient(page, who);
      await expectButtons(page, KYC_AND_BLOCK, true);
      await expect(page.getByRole('button', { name: 'Verify', exact: true })).toBeEnabled();
      // the proof of address waits for the identity (pending here)
      await expect(page.getByRole('button', { name: 'Approve proof of address' })).toBeDisabled();
      await expectButtons(page, ['Delete'], false);
      await expectLinks(userLinks(page), [...MONEY_LINKS, 'Edit user'], false);
      await expectMoneyActions(page, who, false);
    },
  },
] as const;

for (const { role, title, sidebar, check } of OTHER_ROLES) {
  test(title, async ({ page, readMail }) => {
    await check(page, await signInAs(page, role, readMail, sidebar));
  });
}
