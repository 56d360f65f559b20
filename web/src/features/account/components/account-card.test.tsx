/**
 * The account card shows the short account number (common/account-number.ts), never the user id.
 */
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accountNumber } from '@common/account-number';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { AccountCard } from './account-card';

const ID = '0195f0c4-6b1e-7a3c-8d2e-4f5a6b7c8d9e';

describe('AccountCard', () => {
  it('shows the grouped account number and not the id', async () => {
    server.use(
      http.get('/api/auth/user', ({ response }) =>
        response.untyped(
          HttpResponse.json({
            data: {
              _id: ID,
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: 'ada@example.com',
              account: { accountPlan: 'Basic', currencySymbol: '$' },
            },
          }),
        ),
      ),
      http.get('/api/ledger/account', ({ response }) =>
        response.untyped(HttpResponse.json({ data: null }, { status: 500 })),
      ),
    );
    renderScreen(<AccountCard />);
    expect(await screen.findByTestId('account-number')).toHaveTextContent(accountNumber(ID));
    expect(screen.getByText(/Account number:/)).toBeVisible();
    expect(document.body).not.toHaveTextContent(ID.slice(7).toUpperCase());
  });
});
