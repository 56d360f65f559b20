import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { createDepositSchema, DEPOSIT_WALLETS } from '@common/schemas/deposits';
import { paths } from '../../../config/paths';
import { BusyButton } from '../../../components/busy-button';
import { FormCard } from '../../../components/form-card';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { COINS, walletParam } from '../../../components/funding/coins';
import { FundingPage } from '../../../components/funding/funding-page';
import { depositNetworks } from '../../../content/deposit-networks';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { errorMessage } from '../../../lib/api-client';
import { toastOutcome } from '../../../lib/notify';
import { forgetDraft, readDraft, saveDraft } from '../../../lib/session-draft';
import { useCreateDeposit, walletsQuery, type DepositPayload } from '../api';
import { ProofDropzone } from '../components/proof-dropzone';
import { WalletAddress } from '../components/wallet-address';

/**
 * /account/deposit/bitcoin?wallet=bitcoin|ethereum: pay to the shown address,
 * then submit the amount in USD, an optional transaction hash and the proof image.
 */
export function DepositFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wallet = walletParam(params.get('wallet'), DEPOSIT_WALLETS, 'bitcoin');
  const coin = COINS[wallet].name;
  const wallets = useQuery(walletsQuery);
  const deposit = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  // the amount and hash typed survive a session that ends before the form is sent (not the proof)
  const draftKey = `deposit:${wallet}`;
  const draft = readDraft(draftKey);
  const form = useForm<DepositPayload>({
    initialValues: {
      amount: draft.amount ?? '',
      image: '',
      wallet,
      transactionHash: draft.transactionHash ?? '',
    },
    validate: schemaResolver(createDepositSchema, { sync: true }),
    onValuesChange: ({ amount, transactionHash }) =>
      saveDraft(draftKey, { amount: String(amount ?? ''), transactionHash: transactionHash ?? '' }),
  });

  const submit = form.onSubmit((payload) =>
    deposit.mutate(
      { payload: { ...payload, wallet }, idempotencyKey: idempotency.key },
      toastOutcome(MONEY_MSG.depositSubmitted, 'Error submitting deposit request', () => {
        idempotency.renew();
        forgetDraft(draftKey);
        navigate(paths.account.deposit({ success: 'true' }));
      }),
    ),
  );

  return (
    <FundingPage
      title={`Deposit with ${coin}`}
      description="Pay to our wallet first, then tell us about the payment."
    >
      {wallets.isError ? (
        <FormErrorAlert message={errorMessage(wallets.error, 'The wallet address could not be loaded.')} />
      ) : (
        <WalletAddress coin={coin} address={wallets.data?.[wallet]} terms={depositNetworks[wallet]} />
      )}
      <FormCard onSubmit={submit}>
        <UsdInput
          label="Amount (USD)"
          description="The amount you paid, in US dollars."
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Transaction hash (optional)"
          description="Helps us find your payment faster: the 64 characters (0-9, a-f) your wallet shows as the transaction ID."
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('transactionHash')}
        />
        <ProofDropzone
          value={form.values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          error={form.errors.image}
          onError={(message) => form.setFieldError('image', message)}
        />
        <BusyButton type="submit" busy={deposit.isPending}>
          Submit deposit
        </BusyButton>
      </FormCard>
    </FundingPage>
  );
}
