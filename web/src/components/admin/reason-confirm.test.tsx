/**
 * The reason dialog of every decision about a client (reason-confirm.tsx: decline, void, block, KYC
 * reject): a reason shorter than 3 characters is refused in the dialog, a good one is handed over
 * trimmed, Cancel hands over nothing. The journeys decide for real with a reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { confirmWithReason } from './reason-confirm';

const TOO_SHORT = 'The reason must be 3 to 500 characters';

/** A button that asks for a reason to decline; `answers` collects what each ask resolved to. */
function open() {
  const answers: (string | null)[] = [];
  const ask = () =>
    void confirmWithReason({
      title: 'Decline deposit',
      message: 'Decline it?',
      confirmLabel: 'Decline',
      danger: true,
    }).then((reason) => answers.push(reason));
  const view = renderScreen(
    <button type="button" onClick={ask}>
      Ask
    </button>,
    { route: '/admin/pending-reviews' },
  );
  return { ...view, answers };
}

describe('the reason dialog', () => {
  it('refuses an empty or too short reason, then hands over a good one trimmed', async () => {
    const { user, answers } = open();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline deposit' }));
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await dialog.findByText(TOO_SHORT)).toBeVisible();
    await user.type(dialog.getByLabelText(/^Reason/), 'no');
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(dialog.getByText(TOO_SHORT)).toBeVisible();
    expect(answers).toEqual([]);
    await user.type(dialog.getByLabelText(/^Reason/), 't the right wallet  ');
    await user.click(dialog.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(answers).toEqual(['not the right wallet']));
  });

  it('hands over nothing when cancelled', async () => {
    const { user, answers } = open();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline deposit' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([null]));
  });
});
