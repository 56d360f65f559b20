import { Code, CopyButton, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { QrCode } from '../../../components/qr-code';
import { UNSET_TERM, type DepositNetwork } from '../../../content/deposit-networks';
import { formatUsd } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';

interface WalletAddressProps {
  coin: string;
  /** undefined while loading. */
  address: string | undefined;
  /** The network, minimum and confirmations of this wallet (content/deposit-networks.ts). */
  terms: DepositNetwork;
}

/** One term of the deposit (label and value), as a row of the description list. */
function Term({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" miw={150}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The firm's wallet address to pay to, as text (tapping it copies it) and as a QR code, with the
 * network it lives on, the minimum deposit and the confirmations awaited ("Set by the operator"
 * where the operator has set none).
 */
export function WalletAddress({ coin, address, terms }: WalletAddressProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Send {coin} to this address
      </Text>
      <Group align="flex-start" gap="md">
        {address === undefined ? (
          <Skeleton height={160} width={160} />
        ) : (
          <QrCode
            value={address}
            size={160}
            alt={`QR code of the ${coin} address`}
            fallback="The QR code could not be drawn; copy the address instead."
          />
        )}
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          {address === undefined ? (
            <Skeleton height={40} />
          ) : (
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <UnstyledButton
                  w="100%"
                  aria-label={`Copy ${coin} address ${address}`}
                  onClick={() => {
                    copy();
                    notifySuccess('Address copied to clipboard');
                  }}
                >
                  <Group gap="sm" wrap="nowrap" justify="space-between">
                    <Code block fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', flex: 1 }}>
                      {address}
                    </Code>
                    {copied ? <IconCheck size={20} aria-hidden /> : <IconCopy size={20} aria-hidden />}
                  </Group>
                </UnstyledButton>
              )}
            </CopyButton>
          )}
          <Stack component="dl" gap={4} m={0}>
            <Term label="Network" value={terms.network} />
            <Term
              label="Minimum deposit"
              value={terms.minimumUsd === null ? UNSET_TERM : formatUsd(terms.minimumUsd)}
            />
            <Term
              label="Confirmations needed"
              value={terms.confirmations === null ? UNSET_TERM : String(terms.confirmations)}
            />
          </Stack>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Tap the address to copy it, or scan the code with your wallet app. Send only {coin} on the{' '}
        {terms.network}: coins sent on another network may be lost.
      </Text>
    </Paper>
  );
}
