/**
 * The deposit form's states (web/src/features/deposits/pages/deposit-form-page.tsx): what it refuses
 * before sending (no amount, no proof, an amount over the limit or written ambiguously), how it
 * reads `1,000`, the busy button while the request is out, and the server's refusal shown. The
 * happy path through the real server is e2e/funding.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { gate } from '../../../../test/answers';
import { http, server } from '../../../../test/api';
import { pressWhileHeld } from '../../../../test/busy';
import { renderScreen } from '../../../../test/render';
import { DepositFormPage } from './deposit-form-page';

const ROUTE = '/account/deposit/bitcoin?wallet=bitcoin';
const PNG = new File([Uint8Array.from(atob('iVBORw0KGgo='), (c) => c.charCodeAt(0))], 'receipt.png', {
  type: 'image/png',
});
const wallets = http.get('/api/deposits/wallets', ({ response }) =>
  response(200).json({ data: { bitcoin: 'bc1-firm-wallet', ethereum: '0xfirm' } }),
);

/** The form at ROUTE with the wallets answered; its amount field and submit button. */
function open() {
  server.use(wallets);
  const view = renderScreen(<DepositFormPage />, { route: ROUTE });
  return {
    ...view,
    amount: screen.getByLabelText(/Amount \(USD\)/),
    submit: screen.getByRole('button', { name: 'Submit deposit' }),
  };
}

/** Chooses the PNG as the proof and waits for its preview. */
async function attachProof(user: ReturnType<typeof open>['user']) {
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, PNG);
  await screen.findByRole('img', { name: 'Chosen proof of payment' });
}

describe('the deposit form', () => {
  it('shows the address as a QR code, with its network, minimum deposit and confirmations', async () => {
    open();
    expect(await screen.findByRole('img', { name: 'QR code of the Bitcoin address' })).toBeVisible();
    const terms = screen.getByText('Network').closest('dl')!;
    expect(terms).toHaveTextContent('NetworkBitcoin (BTC) main network');
    // no figure the operator has not set
    expect(terms).toHaveTextContent('Minimum depositSet by the operator');
    expect(terms).toHaveTextContent('Confirmations neededSet by the operator');
  });

  it('asks for an amount and a proof of payment, sending nothing', async () => {
    let sent = false;
    server.use(http.post('/api/deposits', () => void (sent = true)));
    const { user, submit } = open();
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.invalidAmount)).toBeVisible();
    expect(screen.getByText(MONEY_MSG.proofRequired)).toBeVisible();
    expect(sent).toBe(false);
  });

  it('says what a valid transaction hash looks like when it refuses one', async () => {
    const { user, submit } = open();
    await user.type(screen.getByLabelText(/Transaction hash/), 'not-a-hash');
    await user.click(submit);
    expect(
      await screen.findByText(
        'Please enter a valid transaction hash: 64 characters, digits 0-9 and letters a-f (an Ethereum hash may start with 0x)',
      ),
    ).toBeVisible();
  });

  it('refuses an amount over the limit, or with an ambiguous comma or point, and keeps it as typed', async () => {
    const { user, amount, submit } = open();
    await user.type(amount, '99999999999999999');
    await user.click(submit);
    expect(await screen.findByText('The largest amount is $1,000,000,000.00')).toBeVisible();
    expect(amount).toHaveValue('99999999999999999');
    await user.clear(amount);
    await user.type(amount, '1,00');
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.amountGrouping)).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '1.000');
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.amountDecimals)).toBeVisible();
  });

  it('reads 1,000 as a thousand, shows it back, and sends it as typed with the proof', async () => {
    let body: unknown;
    server.use(
      http.post('/api/deposits', async ({ request, response }) => {
        body = await request.json();
        return response(201).json({
          message: MONEY_MSG.depositSubmitted,
          data: {
            _id: '00000000-0000-4000-8000-000000000001',
            userId: '00000000-0000-4000-8000-000000000002',
            amount: 1000,
            wallet: 'bitcoin',
            transactionHash: null,
            status: 'pending',
            createdAt: new Date().toISOString(),
            reviewedAt: null,
            reason: null,
            image: { url: '/api/files/deposits/1' },
          },
        });
      }),
    );
    const { user, amount, submit, router } = open();
    await user.type(amount, '1,000');
    await user.tab();
    expect(amount).toHaveValue('1,000.00');
    await attachProof(user);
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.depositSubmitted)).toBeInTheDocument();
    expect(body).toMatchObject({ amount: '1,000.00', wallet: 'bitcoin' });
    await waitFor(() => expect(router.state.location.search).toBe('?success=true'));
  });

  it('shows the button busy while the deposit is sent, and the server refusal after', async () => {
    const answer = gate();
    server.use(
      http.post('/api/deposits', async ({ response }) => {
        await answer.held;
        return response(400).json({ code: 'bad_request', message: 'Deposits are paused for maintenance' });
      }),
    );
    const { user, amount, submit } = open();
    await user.type(amount, '250');
    await attachProof(user);
    await pressWhileHeld(user, submit, answer, 'Deposits are paused for maintenance');
    expect(submit).toHaveTextContent('Submit deposit');
  });
});
