import { IconBuildingBank } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { COINS } from '../../../components/funding/coins';
import { FundingPage } from '../../../components/funding/funding-page';
import { MethodChooser, type FundingMethod } from '../../../components/funding/method-chooser';
import { SuccessNotice } from '../../../components/funding/success-notice';
import { LimitsNotice } from '../components/limits-notice';

const coin = (wallet: 'usdt' | 'bitcoin' | 'ethereum'): FundingMethod => ({
  label: COINS[wallet].name,
  description: `Withdraw to your ${COINS[wallet].name} wallet address.`,
  to: paths.account.withdraw(wallet),
  icon: COINS[wallet].icon,
  color: COINS[wallet].color,
});

/** The original order: USDT, Bank Transfer, Bitcoin, Ethereum. */
const METHODS: FundingMethod[] = [
  coin('usdt'),
  {
    label: 'Bank Transfer',
    description: 'Withdraw to your bank account by wire transfer.',
    to: paths.account.bankWithdrawal,
    icon: IconBuildingBank,
    color: 'blue',
  },
  coin('bitcoin'),
  coin('ethereum'),
];

/** /account/withdrawal: choose a method; shows the notice after a withdrawal request. */
export function WithdrawalPage() {
  return (
    <FundingPage title="Withdrawal" description="Choose where you want to receive your money.">
      <SuccessNotice message="Withdrawal Request Successful! Please wait for system to validate this transaction" />
      {/* what is left today, and what raises it */}
      <LimitsNotice />
      <MethodChooser methods={METHODS} />
    </FundingPage>
  );
}
