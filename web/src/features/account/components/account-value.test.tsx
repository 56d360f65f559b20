/**
 * The account value chart's empty state (account-value.tsx): an account with nothing posted yet
 * shows a line and a link to the first deposit, not a month of $0 and no range picker; an account
 * with postings draws its figures.
 */
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ValueHistory } from '@common/schemas/value-history';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { AccountValue } from './account-value';

const zero = { available: 0, held: 0, invested: 0, total: 0, deposits: 0, withdrawals: 0, profit: 0 };

/** Answers GET /transaction/value-history with `history` (and the signed-in user: a $ account). */
function answer(history: Omit<ValueHistory, 'range'>) {
  server.use(
    http.get('/api/auth/user', ({ response }) =>
      response.untyped(HttpResponse.json({ data: { account: { currencySymbol: '$' } } })),
    ),
    http.get('/api/transaction/value-history', ({ response }) =>
      response(200).json({ range: '1M', ...history }),
    ),
  );
}

describe('AccountValue', () => {
  it('shows a new account the way to its first deposit, not a month of $0', async () => {
    answer({ from: '2026-10-30', firstDay: null, points: [{ day: '2026-10-29', ...zero }] });
    renderScreen(<AccountValue />);
    expect(
      await screen.findByText('Your account value appears here after your first deposit.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/account/deposit');
    expect(screen.queryByRole('radiogroup', { name: 'Chart range' })).toBeNull();
    expect(screen.queryByTestId('account-value-latest')).toBeNull();
    expect(screen.queryByTestId('account-value-table')).toBeNull();
  });

  it('draws the figures once anything is posted', async () => {
    answer({
      from: '2026-10-30',
      firstDay: '2026-11-02',
      points: [
        { day: '2026-10-29', ...zero },
        { day: '2026-11-02', ...zero, available: 50, total: 50, deposits: 50 },
      ],
    });
    renderScreen(<AccountValue />);
    expect(await screen.findByTestId('account-value-latest')).toHaveAttribute('data-total', '50');
    expect(screen.queryByText('Your account value appears here after your first deposit.')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Chart range' })).toBeInTheDocument();
  });
});
