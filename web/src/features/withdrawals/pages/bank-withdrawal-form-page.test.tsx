/**
 * The bank withdrawal form (bank-withdrawal-form-page.tsx): the destination picker lists the
 * client's active bank destinations, an IBAN one as well as an account number with its routing
 * number, each masked to its last 4 characters; picking one fills the form, so the code asked for
 * and the request sent name that account: the IBAN with no account or routing number, or the
 * other way round. The server's side is server/modules/withdrawals/bank-iban.test.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';
import { destination } from '../../../../test/destinations';
import { BankWithdrawalPage } from './bank-withdrawal-form-page';
import { codeRequests, openForm, refusedWithdrawals, savedDates } from './form-fixtures';

const IBAN = 'DE89370400440532013000';

/** An active bank destination named `label`: `account` is an IBAN or an account and routing number. */
function bank(
  label: string,
  account: { iban: string } | { accountNumber: string; routing: string },
  swift: string,
): PublicBeneficiary {
  return destination(label, {
    kind: 'bank',
    network: null,
    ...account,
    swift,
    bankName: `${label} Bank`,
    accountName: 'Jane Doe',
    ...savedDates('active'),
  });
}

const BOOK = [
  bank('Euro account', { iban: IBAN }, 'DEUTDEFF'),
  bank('US account', { accountNumber: '12345678', routing: '021000021' }, 'CHASUS33'),
];

/** The bank form with its answers shown (form-fixtures.ts `openForm`). */
const open = () => openForm(<BankWithdrawalPage />, '/account/withdrawal/bank', BOOK);

describe('the bank withdrawal form', () => {
  it('lists the IBAN destination beside the account one, each masked', async () => {
    await open();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(BOOK.map((d) => d._id));
    expect(screen.getByText('IBAN ending in 3000 · Euro account Bank')).toBeInTheDocument();
    expect(screen.getByText('Account ending in 5678 · US account Bank')).toBeInTheDocument();
    expect(screen.queryByText(IBAN)).not.toBeInTheDocument();
  });

  it('picking the IBAN destination fills the form: the code and the request name the IBAN', async () => {
    const asked = codeRequests();
    const sent = refusedWithdrawals('/api/b-withdrawals');
    const { user, amount, destination } = await open();
    await user.type(amount, '100');
    await user.click(destination('US account'));
    await user.click(destination('Euro account'));
    expect(destination('Euro account')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MONEY_MSG.codeSent)).toBeInTheDocument();
    const euro = {
      amount: '100.00',
      bankName: 'Euro account Bank',
      accountName: 'Jane Doe',
      iban: IBAN,
      accountNumber: '',
      routing: '',
      swift: 'DEUTDEFF',
    };
    expect(asked).toEqual([{ method: 'bank', ...euro }]);
    await user.type(screen.getByLabelText(/^Confirmation code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ...euro, token: '123456' });
  });
});
