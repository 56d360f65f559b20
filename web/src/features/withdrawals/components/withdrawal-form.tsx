import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MONEY_MSG } from '@common/messages';
import { PASSKEY_MSG } from '@common/schemas/passkeys';
import { parseUsdCents } from '@common/schemas/money';
import { paths } from '../../../config/paths';
import { AvailableBalance } from '../../../components/available-balance';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SecurityHoldAlert } from '../../../components/security-hold-alert';
import { LimitsNotice } from './limits-notice';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import type { MoneyPost } from '../../../hooks/use-money-post';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { notifyError, toastOutcome } from '../../../lib/notify';
import { assertPasskey } from '../../../lib/passkey-client';
import { accountFiguresQuery, passkeysQuery } from '../../../lib/user-queries';
import type { BankWithdrawalPayload, CryptoWithdrawalPayload, WithdrawalCodeRequest } from '../api';
import { ConfirmationCodeField } from './confirmation-code-field';

type WithdrawalMethod = WithdrawalCodeRequest['method'];

/** The toasts after a withdrawal request, by method: its success and its failure without a server message. */
const OUTCOMES: Record<WithdrawalMethod, { success: string; failure: string }> = {
  crypto: { success: MONEY_MSG.cryptoWithdrawalSubmitted, failure: 'Failed to submit withdrawal request' },
  bank: { success: MONEY_MSG.bankWithdrawalSubmitted, failure: 'An error occurred. Please try again.' },
};

/** What every withdrawal form holds besides its method's own fields (the schemas share them). */
type WithdrawalValues = Pick<CryptoWithdrawalPayload & BankWithdrawalPayload, 'amount' | 'token'>;

interface WithdrawalFormProps<V extends WithdrawalValues> {
  /** The withdrawal method the form's fields are for. */
  method: WithdrawalMethod;
  /** The form, validated by the method's schema from common/schemas/withdrawals. */
  form: UseFormReturnType<V>;
  post: MoneyPost<V>;
  /** After a success, e.g. stay and reset (USDT form); by default back to the listing with its notice. */
  onSubmitted?: () => void;
  /** The method's own fields, between Amount and the confirmation code. */
  children: ReactNode;
}

/**
 * The body of every withdrawal screen ("Make Withdrawal"): the instructions,
 * the available balance, Amount, the method's fields and the e-mailed confirmation code; missing
 * fields are said once ("Please fill all fields") above them, each marked invalid. An amount
 * above the available balance is refused here ("Insufficient balance") without a call; the server
 * checks again. A client with a passkey may confirm with it instead of the code: the passkey
 * confirms this session, and the request says `confirmation: 'passkey'` (docs/security.md
 * "Passkeys").
 */
export function WithdrawalForm<V extends WithdrawalValues>({
  method,
  form,
  post,
  onSubmitted,
  children,
}: WithdrawalFormProps<V>) {
  const navigate = useNavigate();
  const figures = useQuery(accountFiguresQuery);
  const hasPasskey = (useQuery(passkeysQuery).data?.length ?? 0) > 0;
  const confirmWithPasskey = useMutation({
    mutationFn: () => assertPasskey({ 'x-passkey-purpose': 'reverify' }),
  });
  const idempotency = useIdempotencyKey();
  const missing = Object.values(form.errors).includes(MONEY_MSG.fillAllFields);

  /** Every field but the code checked, their errors shown: answers whether they all pass. */
  const fieldsValid = (): boolean => {
    const { token: _code, ...others } = form.validate().errors;
    form.setErrors(others);
    return Object.keys(others).length === 0;
  };

  /** The withdrawal a code is asked for: every field but the code checked first, then sent as it is. */
  const codeRequest = (): WithdrawalCodeRequest | null => {
    if (!fieldsValid()) return null;
    const { token: _token, ...fields } = form.getValues();
    // the form's values are the method's schema input (V), so with `method` they are its code request
    return { method, ...fields } as unknown as WithdrawalCodeRequest;
  };

  /** Sends `payload` unless its amount is above the available balance ("Insufficient balance"). */
  const send = (payload: V) => {
    const available = figures.data ? parseUsdCents(figures.data.balance) : null;
    const amount = parseUsdCents(payload.amount);
    if (available !== null && amount !== null && amount > available) {
      notifyError(MONEY_MSG.insufficientBalance);
      return;
    }
    post.mutate(
      { payload, idempotencyKey: idempotency.key },
      toastOutcome(OUTCOMES[method].success, OUTCOMES[method].failure, () => {
        idempotency.renew();
        if (onSubmitted) onSubmitted();
        else void navigate(paths.account.withdrawal({ success: 'true' }));
      }),
    );
  };
  const submit = form.onSubmit(send);

  /** The passkey's confirmation of this session, then the request without a code. */
  const submitWithPasskey = () => {
    if (!fieldsValid()) return;
    confirmWithPasskey.mutate(undefined, {
      onSuccess: () => send({ ...form.getValues(), token: undefined, confirmation: 'passkey' }),
      onError: (error) => notifyError(errorMessage(error, PASSKEY_MSG.failed)),
    });
  };

  return (
    <>
      {/* withdrawals wait after a security change: why and until when */}
      <SecurityHoldAlert />
      {/* what is left today, and what raises it (docs/security.md "Limits by verification level") */}
      <LimitsNotice />
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <Text fw={700} mb="xs">
          How withdrawals work
        </Text>
        <List type="ordered" spacing={4} size="sm">
          <List.Item>
            Give the amount and choose one of your active withdrawal addresses, then confirm with the code we
            e-mail you (or, with two-factor authentication on, the code from your authenticator app), or with
            one of your passkeys.
          </List.Item>
          <List.Item>
            The amount is held from your available balance while our team verifies the request.
          </List.Item>
          <List.Item>
            It is then processed; the time varies by method (crypto is usually quickest, bank transfers take
            up to 5 business days).
          </List.Item>
          <List.Item>
            An e-mail confirms when it is complete. If it is declined, the amount returns to your available
            balance.
          </List.Item>
        </List>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="md" gap="xs">
          <AvailableBalance figures={figures} />
          {figures.data && figures.data.held > 0 && (
            <Text size="sm" c="dimmed">
              Held for pending withdrawals: {formatUsd(figures.data.held)}
            </Text>
          )}
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {/* missing fields are said once here, each marked invalid (missing-fields.ts) */}
            <FormErrorAlert message={missing ? MONEY_MSG.fillAllFields : null} />
            <UsdInput label="Amount" description="In US dollars." {...form.getInputProps('amount')} />
            {children}
            <ConfirmationCodeField codeRequest={codeRequest} {...form.getInputProps('token')} />
            <BusyButton type="submit" busy={post.isPending}>
              Submit
            </BusyButton>
            {hasPasskey && (
              <Button variant="default" onClick={submitWithPasskey} loading={confirmWithPasskey.isPending}>
                Confirm with a passkey
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
    </>
  );
}
