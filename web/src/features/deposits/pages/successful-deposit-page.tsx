import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FundingPage } from '../../../components/funding/funding-page';

/** /account/deposit/successful-deposit: placeholder text only. */
export function SuccessfulDepositPage() {
  return (
    <FundingPage title="Deposit received">
      <Text>
        Thank you. Your deposit is waiting for our team to validate it; your balance updates once it is
        approved. You can follow it in your{' '}
        <Anchor component={Link} to={paths.account.transactionHistory}>
          transaction history
        </Anchor>
        .
      </Text>
    </FundingPage>
  );
}
