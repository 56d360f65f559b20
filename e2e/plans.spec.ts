/**
 * Investment plans journey: a new client funded through the API places a plan on
 * /account/trading (after the missing fields and the insufficient-funds banner; its other states
 * are place-trade-modal.test.tsx's), sees it in trade activities and on the home page; the admin
 * adds profit (the client's figures show it), edits an activity's profit in "Complete Pickup",
 * clears the plan (the capital returns), deletes an activity. axe on the trade dialog at 1280 px; the
 * pages themselves (trading, trade activities, the home page with a plan, add profit, trading
 * activity, the deposit page's insufficient-funds banner) are in a11y-routes.spec.ts's sweep.
 */
import { expect, test } from './fixtures';
import {
  ADMIN,
  approveHeld,
  call,
  expectNoSeriousViolations,
  newBrowserPage,
  signIn,
  signUpVerified,
} from './journey';

const PASSWORD = 'Planner#2026pass';

/** The client's figures as the API answers them (USD). */
async function clientFigures(token: string) {
  const { data } = (await call('GET', '/user/me', undefined, token)) as {
    data: { account: { balance: number; invested: number; totalProfit: number }; activePlan: unknown };
  };
  return { ...data.account, activePlan: data.activePlan };
}

test('a client places a plan; the admin adds and edits profit, then clears the plan', async ({
  browser,
  readMail,
}) => {
  // A new verified client with $1,500 credited by the admin (and approved by finance: four-eyes).
  const email = `planner.${Date.now().toString(36)}@example.com`;
  const { token, id } = await signUpVerified(readMail, {
    firstName: 'Pat',
    lastName: 'Planner',
    email,
    phone: '+1 555 0177',
    password: PASSWORD,
    gender: 'other',
    country: 'United States',
  });
  const { token: adminToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  // $1,500 is over the four-eyes threshold: the owner's line waits until finance approves it
  const held = await call(
    'POST',
    `/transaction/${id}`,
    { amount: 1500, transactionType: 'deposit', details: 'Wire received' },
    adminToken,
  );
  await approveHeld(held);

  const page = await newBrowserPage(browser);
  await signIn(page, { email, password: PASSWORD });
  await expect(page.getByText('No active plan')).toBeVisible();
  // funded: the welcome text no longer asks to fund the account
  const welcome = page.getByRole('region', { name: /^Welcome/ });
  await expect(welcome).toContainText('Your account is funded.');
  await expect(welcome).not.toContainText('Fund your account');

  // The trading page: two cards from the one config, the risk wording.
  await page.getByRole('link', { name: 'Trade Now' }).first().click();
  await expect(page).toHaveURL(/\/account\/trading$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Copy Trading' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Investment' })).toBeVisible();
  await expect(page.getByText('Minimum: 200 USD')).toHaveCount(2);
  await expect(page.getByText('Maximum: 115,000 USD')).toHaveCount(2);
  await expect(page.getByText(/Returns are not guaranteed/).first()).toBeVisible();
  await expect(page.getByText('Available balance: $1,500.00')).toBeVisible();
  await expect(page.getByText('Risk warning', { exact: true })).toBeVisible();

  // Place Your Trade: the browser's checks first.
  await page.getByRole('button', { name: 'Trade Now: Copy Trading' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place Your Trade' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Place trade' }).click();
  await expect(dialog.getByText('Please fill all fields', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'trade dialog');

  // More than the balance: to the deposit page with the insufficient-funds banner.
  await dialog.getByLabel('Amount').fill('5000');
  await dialog.getByLabel('Duration').selectOption({ label: '1 week' });
  await dialog.getByRole('button', { name: 'Place trade' }).click();
  await expect(page).toHaveURL(/\/account\/deposit\?payment=insufficient$/);
  await expect(
    page.getByText(/Insufficient funds: your available balance does not cover that trade/),
  ).toBeVisible();

  // A plan of $1,000 for a week.
  await page.goto('/account/trading');
  await page.getByRole('button', { name: 'Trade Now: Copy Trading' }).click();
  await dialog.getByLabel('Amount').fill('1000');
  await dialog.getByLabel('Duration').selectOption({ label: '1 week' });
  await dialog.getByRole('button', { name: 'Place trade' }).click();
  await expect(page.getByText('Trade placed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/trade-activities$/);
  const planRow = page.getByRole('row').filter({ hasText: '$1,000.00' });
  await expect(planRow).toContainText('Copy Trading');
  await expect(planRow).toContainText('Active');
  await page.getByRole('textbox', { name: 'Search' }).fill('investment');
  await expect(page.getByText('No Data Available')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('copy');
  await expect(planRow).toBeVisible();

  // The trading page says the plan is active (the dialog's refusal of a second one, like its
  // other states, is place-trade-modal.test.tsx's).
  await page.goto('/account/trading');
  await expect(page.getByText('You have an active plan')).toBeVisible();

  // The home page's Active Plan panel.
  await page.goto('/account/home');
  const panel = page.getByRole('region', { name: 'Active Plan' });
  await expect(panel).toContainText('Copy Trading');
  await expect(panel).toContainText('1 week');
  await expect(panel).toContainText('Active');
  await expect(panel).toContainText('$1,000.00');
  await expect(welcome).toContainText('Your Copy Trading plan is active.');
  expect(await clientFigures(token)).toMatchObject({ balance: 500, invested: 1000, totalProfit: 0 });

  // The admin adds profit to the plan.
  const adminPage = await newBrowserPage(browser);
  await signIn(adminPage, ADMIN, true);
  await adminPage.goto(`/admin/users/add-profit/${id}?name=Pat%20Planner`);
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Add Profit — Pat Planner');
  const adminPlan = adminPage.getByRole('region', { name: 'Active Plan' });
  await expect(adminPlan).toContainText('$1,000.00');
  await expect(adminPlan).toContainText('1 week');
  await expect(adminPlan).toContainText('Copy Trading');
  await expect(adminPage.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await adminPage.getByRole('button', { name: 'Post result' }).click();
  await expect(adminPage.getByText('Please add profit amount', { exact: true })).toBeVisible();
  await adminPage.getByLabel('Profit', { exact: true }).fill('25');
  await adminPage.getByRole('button', { name: 'Post result' }).click();
  await expect(adminPage.getByText('The reason must be 3 to 500 characters', { exact: true })).toBeVisible();
  await adminPage.getByLabel('Reason').fill('EUR/USD long closed in profit');
  await adminPage.getByRole('button', { name: 'Post result' }).click();
  const confirmProfit = adminPage.getByRole('dialog', { name: 'Post result' });
  await expect(confirmProfit).toContainText('Post a profit of $25.00 to Pat Planner?');
  await confirmProfit.getByRole('button', { name: 'Post profit' }).click();
  await expect(adminPage.getByText('Profit posted', { exact: true })).toBeVisible();
  // the result is a line of the plan, not a second "Copy Trading $1,000 Active" row
  const profitRow = adminPage.getByRole('row').filter({ hasText: '$25.00' });
  await expect(profitRow).toContainText('Profit on Copy Trading');
  await expect(profitRow).not.toContainText('$1,000.00');
  await expect(profitRow).toContainText('Posted');
  const adminActivity = adminPage.getByRole('table', { name: 'Trading activity' });
  await expect(adminActivity.getByRole('row').filter({ hasText: '$1,000.00' })).toHaveCount(1);
  expect(await clientFigures(token)).toMatchObject({ balance: 525, invested: 1000, totalProfit: 25 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Account figures' })).toContainText('Total Profit$25.00');
  await page.goto('/account/trade-activities');
  const activities = page.getByRole('table', { name: 'Trade activities' });
  await expect(activities.getByRole('row').filter({ hasText: 'Profit on Copy Trading' })).toContainText(
    '$25.00',
  );
  await expect(activities.getByRole('row').filter({ hasText: '$1,000.00' })).toHaveCount(1);

  // The admin edits that activity's profit: the difference is posted.
  await adminPage.getByRole('link', { name: 'Edit trading activity' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/trading-activity/${id}\\?name=`));
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('Trading Activity — Pat Planner');
  const editRow = adminPage.getByRole('row').filter({ hasText: '$25.00' });
  await editRow.getByRole('button', { name: 'Update' }).click();
  const pickup = adminPage.getByRole('dialog', { name: 'Complete Pickup' });
  await expect(pickup).toBeVisible();
  await pickup.getByLabel('Profit', { exact: true }).fill('40');
  await pickup.getByRole('button', { name: 'Update' }).click();
  await expect(adminPage.getByText('Trading activity updated successfully')).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: '$40.00' })).toHaveCount(1);
  expect(await clientFigures(token)).toMatchObject({ balance: 540, totalProfit: 40 });

  // The Add form (collapsed until opened) records an activity with its profit.
  await adminPage.getByRole('button', { name: 'Add Trading Activity' }).click();
  const addForm = adminPage.getByRole('form', { name: 'Add trading activity' });
  await addForm.getByLabel('Amount').fill('300');
  await addForm.getByLabel('Profit', { exact: true }).fill('5');
  await addForm.getByRole('button', { name: 'Add activity' }).click();
  await expect(adminPage.getByText('Trading activity added successfully')).toBeVisible();
  const added = adminPage.getByRole('row').filter({ hasText: '$300.00' });
  await expect(added).toContainText('$5.00');
  expect(await clientFigures(token)).toMatchObject({ balance: 545, totalProfit: 45 });

  // Deleting it withdraws its profit, after a confirmation.
  await added.getByRole('button', { name: 'Delete' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(adminPage.getByText('Trading activity deleted successfully')).toBeVisible();
  await expect(added).toHaveCount(0);
  expect(await clientFigures(token)).toMatchObject({ balance: 540, totalProfit: 40 });

  // A loss comes out of the plan's capital, with its reason, and counts against the total profit.
  await adminPage.goto(`/admin/users/add-profit/${id}?name=Pat%20Planner`);
  await adminPage.getByRole('radio', { name: 'Loss' }).check();
  await adminPage.getByRole('textbox', { name: 'Loss' }).fill('100');
  await adminPage.getByLabel('Reason').fill('Gold short stopped out');
  await adminPage.getByRole('button', { name: 'Post result' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Post result' })
    .getByRole('button', { name: 'Post loss' })
    .click();
  await expect(adminPage.getByText('Loss posted', { exact: true })).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: 'Gold short stopped out' })).toContainText(
    '-$100.00',
  );
  expect(await clientFigures(token)).toMatchObject({ balance: 540, invested: 900, totalProfit: -60 });

  // The admin clears the plan: the capital left comes back.
  await adminPage.getByRole('button', { name: 'Clear active plan' }).click();
  const confirm = adminPage.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to clear active plan?');
  await confirm.getByRole('button', { name: 'Clear plan' }).click();
  await expect(adminPage.getByText('Active plan cleared')).toBeVisible();
  await expect(adminPage.getByText('User Does not currently have an active plan')).toBeVisible();
  expect(await clientFigures(token)).toMatchObject({
    balance: 1440,
    invested: 0,
    totalProfit: -60,
    activePlan: null,
  });

  await page.goto('/account/home');
  await expect(page.getByRole('region', { name: 'Active Plan' })).toContainText('No active plan');
  await page.goto('/account/trade-activities');
  await expect(page.getByRole('row').filter({ hasText: '$1,000.00' }).first()).toContainText('Completed');
});
