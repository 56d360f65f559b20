import {
  Anchor,
  Box,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { VALUE_HISTORY_RANGES, type ValueHistoryPoint } from '@common/schemas/value-history';
import { BorderedSection } from '../../../components/bordered-section';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../config/paths';
import { useAccountUser, useValueHistory, type ValueHistoryRange } from '../api';
import { dailySeries, FLOW_MARKS, isEmptySeries, seriesShown } from '../value-series';
import { formatMoney } from './account-card';

// the chart library loads with the chart, never with a page that has none
const AccountValueChart = lazy(() => import('./account-value-chart'));

const CHART_HEIGHT = 320;

const RANGE_LABELS: Record<ValueHistoryRange, string> = {
  '1M': '1M',
  '3M': '3M',
  '1Y': '1Y',
  all: 'All',
};

const RANGE_NAMES: Record<ValueHistoryRange, string> = {
  '1M': 'the last month',
  '3M': 'the last three months',
  '1Y': 'the last year',
  all: 'all time',
};

const COLUMNS = ['available', 'held', 'invested', 'total', 'deposits', 'withdrawals', 'profit'] as const;

/** The figures of the chart as a table for assistive technology: the days the API answered. */
function ValueTable({ points, range }: { points: ValueHistoryPoint[]; range: ValueHistoryRange }) {
  return (
    <VisuallyHidden>
      <table data-testid="account-value-table">
        <caption>
          Account value by day over {RANGE_NAMES[range]}, in USD (days without a row kept the value before)
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c[0]!.toUpperCase() + c.slice(1)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day} data-day={p.day} data-total={p.total}>
              <th scope="row">{p.day}</th>
              {COLUMNS.map((c) => (
                <td key={c} data-column={c}>
                  {p[c].toFixed(2)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** What the chart's colours mean, under it: the balances it stacks (squares) and the marked flows (dots). */
function ChartLegend({ series }: { series: ValueHistoryPoint[] }) {
  const swatch = (color: string, round: boolean) => (
    <Box w={10} h={10} bg={color} style={{ borderRadius: round ? '50%' : 2 }} />
  );
  const items = [
    ...seriesShown(series).map((s) => ({ key: s.name, label: s.label, mark: swatch(s.color, false) })),
    ...FLOW_MARKS.map((f) => ({ key: f.key, label: f.label, mark: swatch(f.color, true) })),
  ];
  return (
    <Group gap="md" justify="center" style={{ rowGap: 4 }} aria-hidden>
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap">
          {item.mark}
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The client's account value over time (available + held + invested at each day's end, from the
 * ledger), with the days of deposits, withdrawals and profit marked, over a range they pick.
 * Until anything is posted to the account (`firstDay` null), a line and a link to the first deposit
 * stand in its place: a new account is not shown as a month of $0.
 */
export function AccountValue() {
  const [range, setRange] = useState<ValueHistoryRange>('1M');
  const history = useValueHistory(range);
  const { data: user } = useAccountUser();
  const symbol = user?.account.currencySymbol || '$';
  const points = history.data?.points;
  const series = useMemo(() => dailySeries(points ?? []), [points]);
  // nothing ever posted (a new account): no $0 line, no range to pick, a way to the first deposit
  const nothingPosted = history.data?.firstDay === null;
  const latest = nothingPosted ? undefined : series.at(-1);
  const skeleton = <Skeleton h={CHART_HEIGHT + 40} radius="md" aria-hidden />;

  let body;
  if (history.error && !history.data) {
    body = (
      <LoadError what="your account value" error={history.error} onRetry={() => void history.refetch()} />
    );
  } else if (!points) {
    body = skeleton;
  } else if (nothingPosted) {
    body = (
      <Stack align="center" gap="sm" py="xl" data-testid="account-value-empty">
        <Text c="dimmed" ta="center">
          Your account value appears here after your first deposit.
        </Text>
        <Anchor component={Link} to={paths.account.deposit()} fw={500}>
          Make a deposit
        </Anchor>
      </Stack>
    );
  } else if (isEmptySeries(series)) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        Your account held nothing over {RANGE_NAMES[range]}.
      </Text>
    );
  } else {
    body = (
      <Suspense fallback={skeleton}>
        <AccountValueChart series={series} symbol={symbol} height={CHART_HEIGHT} />
        <ChartLegend series={series} />
      </Suspense>
    );
  }

  return (
    <BorderedSection aria-labelledby="account-value-title" aria-busy={history.isFetching} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} id="account-value-title" fz="lg">
              Account value
            </Title>
            {latest && (
              <Text size="sm" c="dimmed" data-testid="account-value-latest" data-total={latest.total}>
                {formatMoney(latest.total, symbol)} on {dayjs(latest.day).format('MMM D, YYYY')}
              </Text>
            )}
          </div>
          {!nothingPosted && (
            <SegmentedControl
              aria-label="Chart range"
              size="xs"
              value={range}
              onChange={(value) => setRange(value as ValueHistoryRange)}
              data={VALUE_HISTORY_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
            />
          )}
        </Group>
        {body}
        {points && !nothingPosted && <ValueTable points={points} range={range} />}
      </Stack>
    </BorderedSection>
  );
}
