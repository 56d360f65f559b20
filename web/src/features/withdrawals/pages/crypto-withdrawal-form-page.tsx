/**
 * The client's crypto withdrawal forms: /account/withdrawal/withdraw (the wallet from `?wallet=`),
 * /account/withdrawal/usdt, /btc and /eth. The address is one of the client's active address-book
 * destinations on the wallet's networks (components/destination-picker.tsx). The back office's list of a client's crypto withdrawals,
 * /admin/crypto-withdrawals/:id, is a review page: reviews/pages/admin-deposits-withdrawals-pages.tsx.
 */
import { schemaResolver, useForm } from '@mantine/form';
import { markMissing } from '../missing-fields';
import { useSearchParams } from 'react-router';
import { CRYPTO_WALLETS, cryptoWithdrawalSchema, type CryptoWallet } from '@common/schemas/withdrawals';
import { COINS, walletParam } from '../../../components/funding/coins';
import { FundingPage } from '../../../components/funding/funding-page';
import { useCreateCryptoWithdrawal, type CryptoWithdrawalPayload } from '../api';
import { cryptoFits, DestinationPicker } from '../components/destination-picker';
import { MethodHeading } from '../components/method-heading';
import { WithdrawalForm } from '../components/withdrawal-form';

interface CryptoWithdrawalProps {
  wallet: CryptoWallet;
  /** The USDT-only form: a plain USDT heading, and it stays in place after a success. */
  usdtOnly?: boolean;
}

/** "Make Withdrawal" to a crypto address. */
function CryptoWithdrawal({ wallet, usdtOnly = false }: CryptoWithdrawalProps) {
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
      <WithdrawalForm method="crypto" form={form} post={post} onSubmitted={usdtOnly ? form.reset : undefined}>
        <DestinationPicker
          what={`${coin.name} address`}
          fits={cryptoFits(wallet)}
          isPicked={(d) => d.address === form.values.address}
          onPick={(d) => form.setFieldValue('address', d.address ?? '')}
          error={form.getInputProps('address').error}
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
