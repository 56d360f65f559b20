import { Anchor, Group, Input, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NETWORK_LABELS, WALLET_NETWORKS } from '@common/destinations';
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';
import type { CryptoWallet } from '@common/schemas/withdrawals';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../config/paths';
import { DestinationBadge, usableText } from '../../../components/destination-badge';
import { myBeneficiariesQuery } from '../../../lib/user-queries';

/** Whether `d` is a crypto destination a withdrawal to `wallet` may go to (its network pays it). */
export const cryptoFits = (wallet: CryptoWallet) => (d: PublicBeneficiary) =>
  d.kind === 'crypto' && d.network !== null && WALLET_NETWORKS[wallet].includes(d.network);

/**
 * Whether `d` is a bank destination the bank withdrawal can name: an IBAN, or an account number with
 * its routing number, and a BIC (the withdrawal's fields).
 */
export const bankFits = (d: PublicBeneficiary) =>
  d.kind === 'bank' && Boolean(d.swift && (d.iban || (d.accountNumber && d.routing)));

/**
 * The destination masked to its last 4 characters: "Bitcoin (BTC) · ending in 5mdq", "Account
 * ending in 5678 · Bank", "IBAN ending in 3000 · Bank".
 */
export function maskedDestination(d: PublicBeneficiary): string {
  if (d.kind === 'crypto')
    return `${d.network ? NETWORK_LABELS[d.network] : 'Address'} · ending in ${(d.address ?? '').slice(-4)}`;
  const [what, number] = d.iban ? ['IBAN', d.iban] : ['Account', d.accountNumber ?? ''];
  return `${what} ending in ${number.slice(-4)} · ${d.bankName ?? ''}`;
}

interface DestinationPickerProps {
  /** Which of the client's destinations the form can send to (`cryptoFits(wallet)`, `bankFits`). */
  fits: (d: PublicBeneficiary) => boolean;
  /** Whether the form holds `d` now (its fields equal the destination's). */
  isPicked: (d: PublicBeneficiary) => boolean;
  /** Fills the form's destination fields from `d`. */
  onPick: (d: PublicBeneficiary) => void;
  /** The form's error for the destination (a missing one: "Please fill all fields"). */
  error?: ReactNode;
  /** What the destinations are called in the texts: "crypto address for Bitcoin", "bank account". */
  what: string;
}

/** The destinations that fit but are not usable yet: each with its state and when it becomes usable. */
function NotYetUsable({ list }: { list: PublicBeneficiary[] }) {
  if (list.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Not usable yet">
      <Text size="sm" fw={600}>
        Not usable yet
      </Text>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((d) => (
          <li key={d._id}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.label}
              </Text>
              <DestinationBadge status={d.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {maskedDestination(d)} · {usableText(d)}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Where a withdrawal goes: one of the client's ACTIVE address-book destinations that fits the form
 * (docs/security.md "Withdrawal address book"), each shown by its label and masked destination;
 * choosing one fills the form's destination fields. With none active, a link to add one
 * (/account/withdrawal-addresses); destinations still awaiting confirmation or in their waiting
 * period are listed with when they become usable.
 */
export function DestinationPicker({ fits, isPicked, onPick, error, what }: DestinationPickerProps) {
  const query = useQuery(myBeneficiariesQuery);
  const errorId = `${useId()}-error`;
  if (query.error && !query.data)
    return (
      <LoadError what="your withdrawal addresses" error={query.error} onRetry={() => void query.refetch()} />
    );
  if (!query.data)
    return (
      <Skeleton height={72} radius="md" aria-busy="true" aria-label="Loading your withdrawal addresses" />
    );
  const fitting = query.data.filter(fits);
  const active = fitting.filter((d) => d.status === 'active');
  const pending = fitting.filter((d) => d.status === 'pending_confirmation' || d.status === 'waiting');
  const add = (
    <Anchor component={Link} to={paths.account.withdrawalAddresses} size="sm" fw={600}>
      Add a withdrawal address
    </Anchor>
  );
  if (active.length === 0)
    return (
      <Input.Wrapper label="Destination" required error={error} errorProps={{ id: errorId }}>
        <Stack gap="sm" mt={6}>
          <Text size="sm">
            You have no active {what} in your address book yet: withdrawals go only to a destination you
            added, confirmed by the e-mailed link, and whose waiting period is over.
          </Text>
          {add}
          <NotYetUsable list={pending} />
        </Stack>
      </Input.Wrapper>
    );
  const invalid = Boolean(error);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Destination"
        description="Active in your address book."
        required
        error={error}
        errorProps={{ id: errorId }}
        value={active.find(isPicked)?._id ?? null}
        onChange={(id) => {
          const d = active.find((x) => x._id === id);
          if (d) onPick(d);
        }}
      >
        <Stack gap="xs" mt={6}>
          {active.map((d) => (
            <Radio
              key={d._id}
              value={d._id}
              label={d.label}
              description={maskedDestination(d)}
              error={invalid}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid && typeof error !== 'boolean' ? errorId : undefined}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      </Radio.Group>
      <NotYetUsable list={pending} />
      {add}
    </Stack>
  );
}
