import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AccountFigures } from '../api';

/**
 * The three parts of the account value, as the ledger keeps them (docs/product.md "Account value and
 * its three parts"): `figures` key, the id suffix of its test hook, and its name on screen.
 */
const PARTS = [
  { key: 'balance', id: 'available', label: 'Available', hint: 'to withdraw or invest' },
  { key: 'held', id: 'held', label: 'Held', hint: 'for pending withdrawals' },
  { key: 'invested', id: 'invested', label: 'Invested', hint: 'in your plan' },
] as const satisfies readonly { key: keyof AccountFigures; id: string; label: string; hint: string }[];

/** The account value in USD: available + held + invested, as GET /ledger/account answers them. */
export function accountValueOf(figures: Pick<AccountFigures, 'balance' | 'held' | 'invested'>): number {
  // summed in cents, so that $0.10 + $0.20 reads $0.30
  return (
    (Math.round(figures.balance * 100) +
      Math.round(figures.held * 100) +
      Math.round(figures.invested * 100)) /
    100
  );
}

/**
 * The account card's headline: "Account value" with the total, Available / Held / Invested beneath
 * it (a description list, each part with what it is for), and what opening a plan does to them.
 * `money` writes a USD amount with the user's currency symbol (account-card.tsx `formatMoney`).
 */
export function AccountValueSummary({
  figures,
  money,
}: {
  figures: AccountFigures;
  money: (usd: number) => string;
}) {
  return (
    <Stack gap={6} data-testid="account-value">
      <Stack gap={0}>
        <Text size="sm" c="dimmed" id="account-value-label">
          Account value
        </Text>
        <Text
          fz={{ base: 28, sm: 32 }}
          fw={700}
          lh={1.2}
          data-testid="account-value-total"
          aria-describedby="account-value-label"
        >
          {money(accountValueOf(figures))}
        </Text>
      </Stack>
      <SimpleGrid component="dl" cols={3} spacing="xs" m={0} aria-label="Parts of the account value">
        {PARTS.map((part) => (
          <Box key={part.id} miw={0}>
            <Text component="dt" size="sm" fw={600}>
              {part.label}
            </Text>
            <Text component="dd" m={0} fw={600} data-testid={`account-value-${part.id}`}>
              {money(figures[part.key])}
            </Text>
            <Text component="dd" m={0} size="xs" c="dimmed">
              {part.hint}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Opening a plan moves money from Available to Invested; your account value stays the same.
      </Text>
    </Stack>
  );
}
