import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconGift, IconTrendingDown, IconTrendingUp, type Icon } from '@tabler/icons-react';
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

/**
 * A tile's icon and colour for its figure: a Total Profit below zero (losses over profits) trends
 * down in red, never a green up-trend beside a negative amount.
 */
function look(tile: Tile, value: number | undefined): Pick<Tile, 'icon' | 'color'> {
  return tile.key === 'totalProfit' && value !== undefined && value < 0
    ? { icon: IconTrendingDown, color: 'red' }
    : tile;
}

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
      {TILES.map((tile) => {
        const { icon: TileIcon, color } = look(tile, figures.data?.[tile.key]);
        return (
          <Card key={tile.key} withBorder radius="md" padding="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
                <TileIcon size={22} />
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
        );
      })}
    </SimpleGrid>
  );
}
