/**
 * Full reasons: the owner voids a client's line with a long reason (over 300 characters); the
 * client opens Transaction History and reads that reason whole, at 1280 px and at 375 px, in the
 * line's details dialog (opened with its "Details" button, named after the line), by keyboard too;
 * the history screen is axe clean with the dialog closed, and the dialog at both widths.
 */
import type { Page } from '@playwright/test';
import { clientWithLines } from './client-lines';
import { expect, test } from './fixtures';
import {
  call,
  checkPageState,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  newClientSignUp,
  shootBothWidths,
  signIn,
} from './journey';

/** A reason of 420 characters whose last words show whether anything was cut. */
const REASON =
  'The deposit was credited twice: the bank confirmed a single wire of this amount on the same day, ' +
  'and our reconciliation of the settlement account found the second credit had no matching funds. ' +
  'This reversal removes the duplicate only; your first credit stays on your account. If you hold a ' +
  'second wire confirmation, reply to the notice with it and we will look again. Reference checked: ' +
  'statement line 2026/11 and wire message. END-OF-REASON';

/** Opens the reversal line's dialog with the keyboard and expects the whole reason in view. */
async function readWholeReason(page: Page) {
  const button = page.getByRole('button', { name: /^Details of the Reversal \(void\) of \$75\.00 on / });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByText(/Void of the deposit of .*END-OF-REASON$/);
  await expect(reason).toContainText(REASON);
  await reason.scrollIntoViewIfNeeded();
  await expect(reason).toBeInViewport();
  // the whole text is drawn: as tall as its content, nothing clipped or scrolled inside it
  const clipped = await reason.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);
  await expect(dialog.getByText('Reversal (void)')).toBeVisible();
  await expect(dialog.getByText('Successful')).toBeVisible();
  return { button, dialog };
}

test('a client reads a long decision reason whole in the history, at 1280 and 375 px', async ({
  page,
  readMail,
}) => {
  expect(REASON.length).toBeGreaterThanOrEqual(300);
  const signUp = newClientSignUp('Rhea', 'Reason', 'full-reasons');
  const { ownerToken, post } = await clientWithLines(readMail, signUp, [
    { amount: 200, transactionType: 'deposit', details: 'Wire received' },
  ]);
  const duplicate = (await post({
    amount: 75,
    transactionType: 'deposit',
    details: 'Wire received again',
  })) as {
    data: { _id: string };
  };
  await call('DELETE', `/transaction/${duplicate.data._id}`, { reason: REASON }, ownerToken);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, signUp);
  await page.goto('/account/transaction-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
  const ready = () =>
    expect(page.getByRole('button', { name: /^Details of the Reversal \(void\)/ })).toBeVisible();
  await ready();
  await checkPageState(page, 'the history', ready);
  await shootBothWidths(page, 'full-reasons-history', ready);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await expectNoSidewaysScroll(page, `the history at ${width} px`);
    const { button, dialog } = await readWholeReason(page);
    await expectNoSeriousViolations(page, `the line's details at ${width} px`);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/full-reasons-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  }
});
