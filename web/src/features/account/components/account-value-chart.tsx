/**
 * The account value chart itself: @mantine/charts (recharts) and its styles, in a module of its own
 * that account-charts.tsx loads lazily, so no other page's bundle carries the chart library.
 */
import '@mantine/charts/styles.layer.css';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { ReferenceDot, type TooltipContentProps } from 'recharts';
import type { ValueHistoryPoint } from '@common/schemas/value-history';
import { FLOW_MARKS, seriesShown } from '../value-series';
import { formatMoney } from './account-card';

/** An axis amount: whole units, thousands grouped. */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

interface AccountValueChartProps {
  /** One point per day (value-series.ts `dailySeries`), USD. */
  series: ValueHistoryPoint[];
  /** The client's currency symbol. */
  symbol: string;
  height: number;
}

/** A day's balances and flows, shown on hover. */
function DayTooltip({ active, payload, symbol }: TooltipContentProps<number, string> & { symbol: string }) {
  const point = active ? (payload?.[0]?.payload as ValueHistoryPoint | undefined) : undefined;
  if (!point) return null;
  const lines: Array<[string, number]> = [
    ['Available', point.available],
    ['Held', point.held],
    ['Invested', point.invested],
    ...FLOW_MARKS.filter((f) => point[f.key] !== 0).map((f): [string, number] => [f.label, point[f.key]]),
  ];
  return (
    <Paper withBorder shadow="md" radius="md" p="xs" miw={180}>
      <Text size="sm" fw={700}>
        {dayjs(point.day).format('MMM D, YYYY')}: {formatMoney(point.total, symbol)}
      </Text>
      <Stack gap={0} mt={4}>
        {lines.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="xs">{formatMoney(value, symbol)}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Available, held and invested stacked per day (their top is the account's value), with a dot on
 * the value of each day that had a deposit, a withdrawal or a profit. Decorative for assistive
 * technology: account-charts.tsx gives the same figures as a table.
 */
export default function AccountValueChart({ series, symbol, height }: AccountValueChartProps) {
  const axisMoney = (value: number) => `${value < 0 ? '−' : ''}${symbol}${whole.format(Math.abs(value))}`;
  const long = series.length > 120;
  return (
    <div aria-hidden data-testid="account-value-plot">
      <AreaChart
        h={height}
        data={series}
        dataKey="day"
        type="stacked"
        series={seriesShown(series).map((s) => ({ ...s }))}
        curveType="stepAfter"
        withDots={false}
        fillOpacity={0.35}
        valueFormatter={axisMoney}
        yAxisProps={{ width: 64 }}
        xAxisProps={{
          tickFormatter: (day: string) => dayjs(day).format(long ? 'MMM YYYY' : 'MMM D'),
          minTickGap: 24,
        }}
        tooltipProps={{ content: (props) => <DayTooltip {...props} symbol={symbol} /> }}
        areaChartProps={{ accessibilityLayer: false }}
      >
        {FLOW_MARKS.flatMap((flow) =>
          series
            .filter((point) => point[flow.key] !== 0)
            .map((point) => (
              <ReferenceDot
                key={`${flow.key}-${point.day}`}
                x={point.day}
                y={point.total}
                r={flow.r}
                fill={flow.color}
                stroke="var(--mantine-color-body)"
                strokeWidth={1.5}
                ifOverflow="extendDomain"
              />
            )),
        )}
      </AreaChart>
    </div>
  );
}
