import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import { paths } from '../../../config/paths';
import { COINS } from '../../../components/funding/coins';
import { FundingPage } from '../../../components/funding/funding-page';
import { MethodChooser, type FundingMethod } from '../../../components/funding/method-chooser';
import { SuccessNotice } from '../../../components/funding/success-notice';

const METHODS: FundingMethod[] = (['bitcoin', 'ethereum'] as const).map((wallet) => ({
  label: COINS[wallet].name,
  description: `Send ${COINS[wallet].name} to our wallet and attach proof of payment.`,
  to: paths.account.depositForm(wallet),
  icon: COINS[wallet].icon,
  color: COINS[wallet].color,
}));

/**
 * /account/deposit: choose Bitcoin or Ethereum; after a deposit is sent, a notice that it was
 * received and waits for review (nothing is credited before staff approve it).
 */
export function DepositPage() {
  return (
    <FundingPage title="Deposit" description="Choose how you want to fund your account. Deposits are in USD.">
      <SuccessNotice message={MONEY_MSG.depositReceived} />
      <SuccessNotice
        message={PLAN_MSG.insufficientBanner}
        flag={{ name: 'payment', value: 'insufficient' }}
        warning
      />
      <MethodChooser methods={METHODS} />
    </FundingPage>
  );
}
