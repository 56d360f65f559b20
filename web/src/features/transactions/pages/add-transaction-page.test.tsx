/**
 * The admin's Add Transaction form (add-transaction-page.tsx): an amount and a reason are required
 * before anything is sent, no transaction can be sent before a client is chosen, and the client
 * finder says an empty e-mail and the server's "not found". The journey (e2e/funding.spec.ts)
 * adds and voids a credit for real.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { recorded } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { AddTransactionPage } from './add-transaction-page';

const ROUTE = '/admin/transactions/add-transactions';
const USER_ID = '00000000-0000-4000-8000-000000000002';

/** Counts the transaction POSTs (none of these tests should send one). */
function transactions() {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '/api/transaction/{id}',
      recorded(sent, ({ response }) => response(400).json({ code: 'bad_request', message: 'not expected' })),
    ),
  );
  return sent;
}

describe('the Add Transaction form', () => {
  it('asks for the amount and the reason, sending nothing', async () => {
    const sent = transactions();
    const { user } = renderScreen(<AddTransactionPage />, {
      route: `${ROUTE}?userId=${USER_ID}&name=Chris%20Client`,
    });
    expect(screen.getByText('Chris Client')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect(await screen.findByText(MONEY_MSG.invalidAmount)).toBeVisible();
    expect(screen.getByText(MONEY_MSG.detailsRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('waits for a client: the e-mail is required, and an unknown one is said', async () => {
    transactions();
    server.use(
      http.get('/api/user/admin/email/{email}', ({ response }) =>
        response(404).json({ code: 'user_not_found', message: 'User not found' }),
      ),
    );
    const { user } = renderScreen(<AddTransactionPage />, { route: ROUTE });
    expect(screen.getByRole('button', { name: 'Add transaction' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Please enter the client’s e-mail')).toBeVisible();
    await user.type(screen.getByLabelText(/^Client e-mail/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('User not found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add transaction' })).toBeDisabled();
  });
});
