/**
 * The crypto withdrawal form's states (crypto-withdrawal-form-page.tsx and components/withdrawal-form.tsx):
 * missing fields said once and each marked invalid, an amount above the available balance refused
 * without a call, the e-mailed code asked for the withdrawal the form holds (then the button rests),
 * the busy Submit button and the server's refusal shown. The happy path through the real server
 * (the code from the mail, the hold, the decline) is e2e/funding.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { http, server } from '../../../../test/api';
import { renderScreen } from '../../../../test/render';
import { WithdrawPage } from './crypto-withdrawal-form-page';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The client's figures: $250 available, nothing held. */
const figures = http.get('/api/ledger/account', ({ response }) =>
  response(200).json({
    data: {
      balance: 250,
      held: 0,
      invested: 0,
      totalDeposit: 250,
      totalProfit: 0,
      referralBonus: 0,
      totalBonus: 0,
    },
  }),
);

/** The bitcoin form with the figures answered (and shown); its fields and buttons. */
async function open() {
  server.use(figures);
  const view = renderScreen(<WithdrawPage />, { route: '/account/withdrawal/withdraw?wallet=bitcoin' });
  await screen.findByText('$250.00');
  return {
    ...view,
    amount: screen.getByLabelText(/^Amount/),
    address: screen.getByLabelText(/^Bitcoin Address/),
    code: screen.getByLabelText(/^Confirmation code/),
    submit: screen.getByRole('button', { name: 'Submit' }),
  };
}

/** Counts the withdrawal POSTs; refuses each (a wrong code) once `before` settles. */
function withdrawals(before?: Promise<void>) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/c-withdrawals', async ({ request, response }) => {
      sent.push(await request.json());
      await before;
      return response(400).json({
        code: 'invalid_confirmation_code',
        message: 'Invalid or expired confirmation code',
      });
    }),
  );
  return sent;
}

describe('the crypto withdrawal form', () => {
  it('says once that fields are missing and marks each missing one, sending nothing', async () => {
    const sent = withdrawals();
    const { user, amount, address, submit } = await open();
    await user.click(submit);
    await waitFor(() => expect(screen.getAllByText(MONEY_MSG.fillAllFields)).toHaveLength(1));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('refuses an amount above the available balance without a call', async () => {
    const sent = withdrawals();
    const { user, amount, address, code, submit } = await open();
    await user.type(amount, '251');
    await user.type(address, ADDRESS);
    await user.type(code, '123456');
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.insufficientBalance)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks a code for the withdrawal the form holds, then rests the button', async () => {
    let asked: unknown;
    server.use(
      http.post('/api/withdrawals/code', async ({ request, response }) => {
        asked = await request.json();
        return response(202).json({ message: MONEY_MSG.codeSent });
      }),
    );
    const { user, amount, address } = await open();
    // no code for a form that is not filled in: the missing fields are said instead
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(asked).toBeUndefined();
    await user.type(amount, '100');
    await user.type(address, ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MONEY_MSG.codeSent)).toBeInTheDocument();
    expect(asked).toMatchObject({ method: 'crypto', amount: '100.00', address: ADDRESS, wallet: 'bitcoin' });
    expect(await screen.findByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
  });

  it('shows Submit busy while the request is out, then the server refusal', async () => {
    let answer!: () => void;
    const sent = withdrawals(new Promise<void>((resolve) => (answer = resolve)));
    const { user, amount, address, code, submit } = await open();
    await user.type(amount, '100');
    await user.type(address, ADDRESS);
    await user.type(code, '123456');
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveTextContent('Loading...');
    answer();
    expect(await screen.findByText('Invalid or expired confirmation code')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
    expect(sent).toHaveLength(1);
  });
});
