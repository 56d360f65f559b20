/**
 * The account card's headline (account-card.tsx, account-value-summary.tsx): one account value,
 * available + held + invested summed in cents, with the three parts beneath it and what opening a
 * plan does to them; a failed read says which figure is missing; the short account number, not
 * the id. And the tone of history amounts
 * (components/signed-amount.tsx): moves between parts and pending requests are neutral.
 */
import { render, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accountNumber } from '@common/account-number';
import type { AccountFigures } from '@common/schemas/transactions';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { SignedAmount } from '../../../components/signed-amount';
import { AccountCard } from './account-card';

const FIGURES: AccountFigures = {
  balance: 5500.1,
  held: 850.2,
  invested: 1000,
  totalDeposit: 7350.3,
  totalProfit: 0,
  referralBonus: 0,
  totalBonus: 0,
};

/** Answers the signed-in user (a $ account) and GET /ledger/account with `status`. */
function answer(status: 200 | 500) {
  server.use(
    http.get('/api/auth/user', ({ response }) =>
      response.untyped(
        HttpResponse.json({
          data: {
            _id: 'user-0123456789',
            firstName: 'Tess',
            lastName: 'Three',
            email: 't@example.com',
            account: { currencySymbol: '$', accountPlan: 'Basic' },
          },
        }),
      ),
    ),
    http.get('/api/ledger/account', ({ response }) =>
      status === 200
        ? response(200).json({ data: FIGURES })
        : response.untyped(HttpResponse.json({ code: 'INTERNAL', message: 'Server error' }, { status: 500 })),
    ),
  );
}

describe('AccountCard', () => {
  it('shows one account value with Available, Held and Invested beneath it, adding up', async () => {
    answer(200);
    renderScreen(<AccountCard />);
    const value = await screen.findByTestId('account-value');
    expect(within(value).getByText('Account value')).toBeVisible();
    // 5,500.10 + 850.20 + 1,000.00, summed in cents: no floating-point tail
    expect(within(value).getByTestId('account-value-total')).toHaveTextContent('$7,350.30');
    expect(within(value).getByTestId('account-value-available')).toHaveTextContent('$5,500.10');
    expect(within(value).getByTestId('account-value-held')).toHaveTextContent('$850.20');
    expect(within(value).getByTestId('account-value-invested')).toHaveTextContent('$1,000.00');
    const parts = value.querySelector('dl')!;
    expect(
      within(parts)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Available', 'Held', 'Invested']);
    expect(value).toHaveTextContent(
      'Opening a plan moves money from Available to Invested; your account value stays the same.',
    );
    expect(screen.queryByText('Balance')).toBeNull();
  });

  it('names the account value when it cannot be read', async () => {
    answer(500);
    renderScreen(<AccountCard />);
    expect(await screen.findByText(/your account value/)).toBeVisible();
    expect(screen.queryByTestId('account-value')).toBeNull();
  });

  it('shows the short grouped account number, not the user id', async () => {
    answer(200);
    renderScreen(<AccountCard />);
    expect(await screen.findByTestId('account-number')).toHaveTextContent(accountNumber('user-0123456789'));
    expect(screen.getByText(/Account number:/)).toBeVisible();
    expect(document.body).not.toHaveTextContent('0123456789'.toUpperCase());
  });
});

describe('SignedAmount', () => {
  const line = { amount: 1000, status: 'approved', direction: 'debit', type: 'withdrawal' } as const;
  const tone = (l: Parameters<typeof SignedAmount>[0]['line']) => {
    const { container, unmount } = render(
      <MantineProvider>
        <SignedAmount line={l} />
      </MantineProvider>,
    );
    const root = container.querySelector('[data-tone]')!;
    const result = { tone: root.getAttribute('data-tone'), text: root.textContent };
    unmount();
    return result;
  };

  it('is green or red, with a sign, only for posted money in or out', () => {
    expect(tone(line)).toEqual({ tone: 'debit', text: '−$1,000.00' });
    expect(tone({ ...line, direction: 'credit', type: 'deposit' })).toEqual({
      tone: 'credit',
      text: '+$1,000.00',
    });
  });

  it('is neutral, without a sign, for moves between parts and for pending requests', () => {
    expect(tone({ ...line, type: 'plan_open' })).toEqual({
      tone: 'moved',
      text: '$1,000.00Available to Invested',
    });
    expect(tone({ ...line, direction: 'credit', type: 'plan_close' })).toEqual({
      tone: 'moved',
      text: '$1,000.00Invested to Available',
    });
    expect(tone({ ...line, status: 'pending' })).toEqual({ tone: 'pending', text: '$1,000.00' });
    expect(tone({ ...line, status: 'pending', direction: 'credit', type: 'deposit' })).toEqual({
      tone: 'pending',
      text: '$1,000.00',
    });
    expect(tone({ ...line, status: 'rejected' })).toEqual({ tone: 'none', text: '$1,000.00' });
  });
});
