/**
 * The client's crypto withdrawal forms: /account/withdrawal/withdraw (the wallet from `?wallet=`),
 * /account/withdrawal/usdt, /btc and /eth. The back office's list of a client's crypto withdrawals,
 * /admin/crypto-withdrawals/:id, is a review page: reviews/pages/admin-deposits-withdrawals-pages.tsx.
 */
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { markMissing } from '../missing-fields';
import { useNavigate, useSearchParams } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { CRYPTO_WALLETS, cryptoWithdrawalSchema, type CryptoWallet } from '@common/schemas/withdrawals';
import { paths } from '../../../config/paths';
import { COINS, walletParam } from '../../../components/funding/coins';
import { FundingPage } from '../../../components/funding/funding-page';
import { useCreateCryptoWithdrawal, type CryptoWithdrawalPayload } from '../api';
import { MethodHeading } from '../components/method-heading';
import { WithdrawalForm } from '../components/withdrawal-form';

interface CryptoWithdrawalProps {
  wallet: CryptoWallet;
  /** The USDT-only form: a plain USDT heading, and it stays in place after a success. */
  usdtOnly?: boolean;
}

/** "Make Withdrawal" to a crypto address. */
function CryptoWithdrawal({ wallet, usdtOnly = false }: CryptoWithdrawalProps) {
  const navigate = useNavigate();
  const post = useCreateCryptoWithdrawal();
  const form = useForm<CryptoWithdrawalPayload>({
    initialValues: { amount: '', address: '', token: '', wallet },
    validate: schemaResolver(cryptoWithdrawalSchema, { sync: true }),
    enhanceGetInputProps: markMissing,
  });
  const coin = COINS[wallet];

  return (
    <FundingPage title="Make Withdrawal">
      {usdtOnly ? (
        <MethodHeading title="USDT" />
      ) : (
        <MethodHeading title={coin.name} icon={coin.icon} color={coin.color} />
      )}
      <WithdrawalForm
        method="crypto"
        form={form}
        post={post}
        successMessage={MONEY_MSG.cryptoWithdrawalSubmitted}
        failureMessage="Failed to submit withdrawal request"
        onSubmitted={usdtOnly ? form.reset : () => navigate(paths.account.withdrawal({ success: 'true' }))}
      >
        <TextInput
          label={`${coin.name} Address`}
          autoComplete="off"
          spellCheck={false}
          required
          {...form.getInputProps('address')}
        />
      </WithdrawalForm>
    </FundingPage>
  );
}

/** /account/withdrawal/withdraw?wallet=usdt|bitcoin|ethereum: the general form (default bitcoin). */
export function WithdrawPage() {
  const [params] = useSearchParams();
  const wallet = walletParam(params.get('wallet'), CRYPTO_WALLETS, 'bitcoin');
  return <CryptoWithdrawal key={wallet} wallet={wallet} />;
}

/** /account/withdrawal/usdt: the USDT-only form. */
export const UsdtWithdrawalPage = () => <CryptoWithdrawal wallet="usdt" usdtOnly />;

/** /account/withdrawal/btc */
export const BtcWithdrawalPage = () => <CryptoWithdrawal wallet="bitcoin" />;

/** /account/withdrawal/eth */
export const EthWithdrawalPage = () => <CryptoWithdrawal wallet="ethereum" />;
