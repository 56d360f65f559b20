import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconGift, IconTrendingUp, type Icon } from '@tabler/icons-react';
import { useAccountFigures, useAccountUser, type AccountFigures } from '../api';
import { formatMoney } from './account-card';
import { LoadError } from '../../../components/load-error';

interface Tile {
  label: string;
  key: keyof AccountFigures;
  icon: Icon;
  color: string;
}

const TILES: Tile[] = [
  { label: 'Total Profit', key: 'totalProfit', icon: IconTrendingUp, color: 'teal' },
  { label: 'Total Deposited', key: 'totalDeposit', icon: IconCash, color: 'blue' },
  { label: 'Referral Bonus', key: 'referralBonus', icon: IconGift, color: 'grape' },
];

/** Total Profit, Total Deposited and Referral Bonus, as the ledger has them. */
export function FigureTiles() {
  const figures = useAccountFigures();
  const { data: user } = useAccountUser();
  const symbol = user?.account.currencySymbol || '$';

  if (figures.error && !figures.data) {
    return <LoadError what="your figures" error={figures.error} onRetry={() => void figures.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="section" aria-label="Account figures">
      {TILES.map((tile) => (
        <Card key={tile.key} withBorder radius="md" padding="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={tile.color} size={40} radius="md" aria-hidden>
              <tile.icon size={22} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {tile.label}
              </Text>
              {figures.data ? (
                <Text fw={700} fz="lg">
                  {formatMoney(figures.data[tile.key], symbol)}
                </Text>
              ) : (
                <Skeleton height={22} width={100} mt={4} aria-hidden />
              )}
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
