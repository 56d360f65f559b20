/**
 * The client's history never hides a reason (transaction-history-page.tsx and
 * components/line-details.tsx): each line's Details button, named after the line, opens a dialog
 * with the whole line (date, type, method, amount, status) and its full details, however long;
 * Escape closes it and focus returns to the button. The journey through the real server is
 * e2e/full-reasons.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicTransaction } from '@common/schemas/transactions';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { TransactionHistoryPage } from './transaction-history-page';

/** A 600-character reason: numbered words, so a cut anywhere shows. */
const REASON = `${Array.from({ length: 120 }, (_, i) => `w${String(i).padStart(3, '0')}`).join(' ')}.`;

const LINE: PublicTransaction = {
  _id: '0b6f4c2e-7d1a-4e3b-9c5d-2a8f1e0d3c41',
  userId: '5b8f3c1e-2a4d-4e6f-8a9b-0c1d2e3f4a52',
  amount: 1250,
  direction: 'debit',
  type: 'adjustment',
  status: 'approved',
  method: 'account',
  details: REASON,
  date: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  voided: false,
};

describe('TransactionHistoryPage details', () => {
  it('opens the whole line with its full reason, and Escape returns focus to the button', async () => {
    expect(REASON).toHaveLength(600);
    server.use(
      http.get('/api/transaction/all', ({ response }) => response(200).json({ data: [LINE], total: 1 })),
    );
    const { user } = renderScreen(<TransactionHistoryPage />, { route: '/account/transaction-history' });
    // the page loads once the answer is in (a loaded machine can take a few seconds)
    const button = await screen.findByRole(
      'button',
      { name: /^Details of the Adjustment of \$1,250\.00 on / },
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(dialog).getByText(REASON)).toBeInTheDocument();
    expect(within(dialog).getByText('Adjustment')).toBeInTheDocument();
    expect(within(dialog).getByText('Account')).toBeInTheDocument();
    expect(within(dialog).getByText('Successful')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Amount−$1,250.00');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('lists losses under the type choice "Profit or loss", and asks the server for both', async () => {
    const LOSS: PublicTransaction = { ...LINE, type: 'profit', direction: 'debit', details: 'Plan result' };
    const asked: Array<string | null> = [];
    server.use(
      http.get('/api/transaction/all', ({ query, response }) => {
        asked.push(query.get('type'));
        return response(200).json({ data: [LOSS], total: 1 });
      }),
    );
    const { user } = renderScreen(<TransactionHistoryPage />, { route: '/account/transaction-history' });
    await screen.findByRole(
      'button',
      { name: /^Details of the Loss of \$1,250\.00 on / },
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    // the list opens with a transition jsdom does not run: its options are read as they are
    const options = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(options).toContain('Profit or loss');
    expect(options).not.toContain('Profit');
    await user.click(screen.getByRole('option', { name: 'Profit or loss', hidden: true }));
    await waitFor(() => expect(asked.at(-1)).toBe('profit'));
  });
});
