import { Code, CopyButton, Group, Paper, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { notifySuccess } from '../../../lib/notify';

interface WalletAddressProps {
  coin: string;
  /** undefined while loading. */
  address: string | undefined;
}

/** The firm's wallet address to pay to; tapping it copies it. */
export function WalletAddress({ coin, address }: WalletAddressProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Send {coin} to this address
      </Text>
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
      <Text size="xs" c="dimmed" mt="xs">
        Tap the address to copy it. Send only {coin} to it.
      </Text>
    </Paper>
  );
}
