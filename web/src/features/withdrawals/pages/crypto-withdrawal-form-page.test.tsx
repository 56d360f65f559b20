/**
 * The crypto withdrawal form's states (crypto-withdrawal-form-page.tsx and components/withdrawal-form.tsx):
 * the destination chosen among the client's active address-book destinations of the wallet (none:
 * a link to add one, pending ones with when they become usable), missing fields said once and each
 * marked invalid, an amount above the available balance refused without a call, the e-mailed code
 * asked for the withdrawal the form holds (then the button rests), the busy Submit button and the
 * server's refusal shown, and what is left of the client's withdrawal limits. The happy path through the real server
 * (the code from the mail, the hold, the decline) is e2e/funding.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DestinationNetwork } from '@common/destinations';
import { MONEY_MSG } from '@common/messages';
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';
import { gate } from '../../../../test/answers';
import { pressWhileHeld } from '../../../../test/busy';
import { destination } from '../../../../test/destinations';
import { WithdrawPage } from './crypto-withdrawal-form-page';
import { codeRequests, openForm, refusedWithdrawals, savedDates } from './form-fixtures';

// the browser's passkey ceremony (e2e/passkeys.spec.ts runs it in Chromium): answered here
const ceremony = vi.hoisted(() => ({ assertPasskey: vi.fn(async () => ({ message: 'Confirmed' })) }));
vi.mock('../../../lib/passkey-client', () => ceremony);

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/** A crypto destination of the address book (on bitcoin unless said) in `status`, named `label`. */
function saved(
  label: string,
  address: string,
  status: 'active' | 'waiting' | 'pending_confirmation',
  network: DestinationNetwork = 'bitcoin',
): PublicBeneficiary {
  return destination(label, { network, address, ...savedDates(status) });
}

/** Two active bitcoin destinations, and an ethereum one (not for the bitcoin form). */
const BOOK = [
  saved('Cold wallet', ADDRESS, 'active'),
  saved('Exchange', OTHER, 'active'),
  saved('Ether', '0x52908400098527886E0F7030069857D2E4169EE7', 'active', 'ethereum'),
];

/**
 * The bitcoin form with the figures, the address book (`list`) and `keys` passkeys answered and
 * shown; its fields and buttons.
 */
async function open(list = BOOK, keys = 0) {
  const form = await openForm(<WithdrawPage />, '/account/withdrawal/withdraw?wallet=bitcoin', list, keys);
  return {
    ...form,
    code: screen.getByLabelText(/^Confirmation code/),
    submit: screen.getByRole('button', { name: 'Submit' }),
  };
}

/** The withdrawal POSTs, each refused (a wrong code) once `before` settles (form-fixtures.ts). */
const withdrawals = (before?: Promise<void>) => refusedWithdrawals('/api/c-withdrawals', before);

describe('the crypto withdrawal form', () => {
  it('tells what is left today and what raises it (GET /api/limits)', async () => {
    await open();
    expect(
      await screen.findByText('You can withdraw $9,960.00 more today; verify your address to raise it'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Daily limit $10,000.00; $49,960.00 left of $50,000.00 for 30 days.'),
    ).toBeInTheDocument();
  });

  it('offers only the active destinations of the wallet, by label and masked address', async () => {
    await open();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([BOOK[0]!._id, BOOK[1]!._id]);
    expect(screen.getByText('Bitcoin (BTC) · ending in 5mdq')).toBeInTheDocument();
    expect(screen.queryByText('Ether')).not.toBeInTheDocument();
    expect(screen.queryByText(ADDRESS)).not.toBeInTheDocument();
  });

  it('with none active, links to the address book and says when pending ones become usable', async () => {
    const sent = withdrawals();
    const { user, submit } = await open([
      saved('New wallet', ADDRESS, 'waiting'),
      saved('Unconfirmed', OTHER, 'pending_confirmation'),
    ]);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a withdrawal address' })).toHaveAttribute(
      'href',
      '/account/withdrawal-addresses',
    );
    const pending = screen.getByRole('region', { name: 'Not usable yet' });
    expect(pending).toHaveTextContent(/New wallet.*Usable from/);
    expect(pending).toHaveTextContent(/Unconfirmed.*Open the link we e-mailed you/);
    await user.click(submit);
    await waitFor(() => expect(screen.getAllByText(MONEY_MSG.fillAllFields)).toHaveLength(1));
    expect(sent).toEqual([]);
  });

  it('says once that fields are missing and marks each missing one, sending nothing', async () => {
    const sent = withdrawals();
    const { user, amount, destination, submit } = await open();
    await user.click(submit);
    await waitFor(() => expect(screen.getAllByText(MONEY_MSG.fillAllFields)).toHaveLength(1));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(destination('Cold wallet')).toHaveAttribute('aria-invalid', 'true');
    expect(destination('Exchange')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('refuses an amount above the available balance without a call', async () => {
    const sent = withdrawals();
    const { user, amount, destination, code, submit } = await open();
    await user.type(amount, '251');
    await user.click(destination('Cold wallet'));
    await user.type(code, '123456');
    await user.click(submit);
    expect(await screen.findByText(MONEY_MSG.insufficientBalance)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks a code for the withdrawal to the picked destination, then rests the button', async () => {
    const asked = codeRequests();
    const { user, amount, destination } = await open();
    // no code for a form that is not filled in: the missing fields are said instead
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(asked).toEqual([]);
    await user.type(amount, '100');
    await user.click(destination('Cold wallet'));
    await user.click(destination('Exchange'));
    expect(destination('Exchange')).toBeChecked();
    expect(destination('Cold wallet')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MONEY_MSG.codeSent)).toBeInTheDocument();
    expect(asked).toMatchObject([{ method: 'crypto', amount: '100.00', address: OTHER, wallet: 'bitcoin' }]);
    expect(await screen.findByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
  });

  it('shows Submit busy while the request is out, then the server refusal', async () => {
    const answer = gate();
    const sent = withdrawals(answer.held);
    const { user, amount, destination, code, submit } = await open();
    await user.type(amount, '100');
    await user.click(destination('Cold wallet'));
    await user.type(code, '123456');
    await pressWhileHeld(user, submit, answer, 'Invalid or expired confirmation code');
    expect(sent).toHaveLength(1);
  });

  it('with a passkey, confirms with it instead of the code: the request says passkey and has no code', async () => {
    const sent = withdrawals();
    const { user, amount, destination } = await open(BOOK, 1);
    const byPasskey = await screen.findByRole('button', {
      name: 'Confirm with a passkey',
    });
    // the fields are checked before the authenticator is asked
    await user.click(byPasskey);
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(ceremony.assertPasskey).not.toHaveBeenCalled();
    await user.type(amount, '100');
    await user.click(destination('Cold wallet'));
    await user.click(byPasskey);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(ceremony.assertPasskey).toHaveBeenCalledWith({ 'x-passkey-purpose': 'reverify' });
    expect(sent[0]).toEqual({
      amount: '100.00',
      address: ADDRESS,
      wallet: 'bitcoin',
      confirmation: 'passkey',
    });
  });

  it('without a passkey, offers only the code', async () => {
    await open();
    expect(screen.queryByRole('button', { name: /passkey/ })).not.toBeInTheDocument();
  });
});
