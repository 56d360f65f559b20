import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PLAN_DURATIONS, PLAN_LABELS, type PlanDurationDays, type PlanKind } from '@common/constants';
import { MONEY_MSG, PLAN_MSG } from '@common/messages';
import { parseUsdCents } from '@common/schemas/money';
import { PLAN_MAX_CENTS, PLAN_MIN_CENTS, planLimitsMessage } from '@common/schemas/plans';
import { paths } from '../../../config/paths';
import { Dialog, DialogActions } from '../../../components/dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { UsdInput } from '../../../components/usd-input';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOpenPlan } from '../api';

/** The dialog of an amount outside the plan limits (it quotes the config: docs/product.md). */
function showLimitsDialog() {
  const id = 'plan-limits';
  modals.open({
    modalId: id,
    title: 'Trade limits',
    closeButtonProps: { 'aria-label': 'Close' },
    children: (
      <Stack gap="md">
        <Text size="sm">{planLimitsMessage()}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>OK</Button>
        </Group>
      </Stack>
    ),
  });
}

interface PlaceTradeModalProps {
  /** The plan chosen on a card; null keeps the dialog closed. */
  plan: PlanKind | null;
  onClose: () => void;
  /** Whether the client already has an active plan (the server checks again). */
  hasActivePlan: boolean;
  /** The available balance in USD, when known (the server checks again). */
  available: number | undefined;
}

/**
 * "Place Your Trade": amount and duration. Missing fields read "Please
 * fill all fields"; an active plan "You already have an active plan"; an amount outside the limits
 * opens the limits dialog; above the available balance the client goes to the deposit page with the
 * insufficient-funds banner. Success: "Trade placed successfully", then the trade activities.
 */
export function PlaceTradeModal({ plan, onClose, hasActivePlan, available }: PlaceTradeModalProps) {
  const navigate = useNavigate();
  const openPlan = useOpenPlan();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState<number | string>('');
  const [duration, setDuration] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const toDeposit = () => {
    close();
    navigate(paths.account.deposit({ payment: 'insufficient' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    if (amount === '' || !duration) {
      setError(PLAN_MSG.fillAllFields);
      return;
    }
    const cents = parseUsdCents(amount);
    if (cents === null || cents <= 0n) {
      setError(MONEY_MSG.invalidAmount);
      return;
    }
    if (hasActivePlan) {
      setError(PLAN_MSG.alreadyActive);
      return;
    }
    if (cents < PLAN_MIN_CENTS || cents > PLAN_MAX_CENTS) {
      close();
      showLimitsDialog();
      return;
    }
    const availableCents = available === undefined ? null : parseUsdCents(available.toFixed(2));
    if (availableCents !== null && cents > availableCents) {
      toDeposit();
      return;
    }
    setError(null);
    openPlan.mutate(
      {
        payload: { amount, duration: Number(duration) as PlanDurationDays, plan },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: ({ message }) => {
          idempotency.renew();
          setAmount('');
          setDuration('');
          notifySuccess(message || PLAN_MSG.tradePlaced);
          close();
          navigate(paths.account.tradeActivities);
        },
        onError: (e) => {
          if (isApiError(e, 'insufficient_funds_for_trade')) return toDeposit();
          if (isApiError(e, 'plan_amount_out_of_range')) {
            close();
            return showLimitsDialog();
          }
          if (e instanceof ApiError && (e.status === 400 || e.status === 409)) return setError(e.message);
          notifyError(errorMessage(e, 'Something went wrong'));
        },
      },
    );
  };

  return (
    <Dialog opened={plan !== null} onClose={close} title="Place Your Trade">
      <form onSubmit={submit} noValidate aria-label="Place your trade">
        <Stack gap="md">
          <Text size="sm">
            Plan: <strong>{plan ? PLAN_LABELS[plan] : ''}</strong>
          </Text>
          <FormErrorAlert message={error} />
          <UsdInput
            label="Amount"
            description="In US dollars; it moves from Available to Invested, and your account value stays the same."
            value={amount}
            onChange={setAmount}
          />
          <NativeSelect
            label="Duration"
            required
            value={duration}
            onChange={(event) => setDuration(event.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a duration' },
              ...PLAN_DURATIONS.map((d) => ({ value: String(d.days), label: d.label })),
            ]}
          />
          <DialogActions onCancel={close} submitLabel="Place trade" busy={openPlan.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
