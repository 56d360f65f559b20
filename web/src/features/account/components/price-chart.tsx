import { NativeSelect, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BorderedSection } from '../../../components/bordered-section';
import { ExternalEmbed } from '../../../components/external-embed';
import { tradingViewWidget } from '../../../lib/embeds';
import { advancedChartConfig, PRICE_INSTRUMENTS, type PriceSymbol } from '../price-instruments';

/** Where the provider's chart stands: not reached yet, drawn once, or its host unreachable. */
export type ProviderStatus = 'waiting' | 'ready' | 'failed';

/** Height of the provider's chart, in pixels. */
export const PRICE_CHART_HEIGHT = 320;

interface PriceChartProps {
  /** Told when the provider's script has loaded (the chart shows) or could not load. */
  onStatus: (status: ProviderStatus) => void;
}

/**
 * The charting provider's advanced price chart of one instrument (a picker of the forex pairs, BTC
 * and ETH), through the same lazy embed as the public site's market widgets.
 */
export function PriceChart({ onStatus }: PriceChartProps) {
  const [symbol, setSymbol] = useState<PriceSymbol>(PRICE_INSTRUMENTS[0].symbol);
  const label = PRICE_INSTRUMENTS.find((i) => i.symbol === symbol)!.label;
  // a loader per symbol that also reports how the provider's script settled
  const load = useMemo(() => {
    const widget = tradingViewWidget('advanced-chart', advancedChartConfig(symbol));
    return (container: HTMLElement) =>
      widget(container).then(
        () => onStatus('ready'),
        (error: unknown) => {
          onStatus('failed');
          throw error;
        },
      );
  }, [symbol, onStatus]);

  return (
    <BorderedSection aria-labelledby="price-chart-title" h="100%">
      <Stack gap="sm">
        <Title order={2} id="price-chart-title" fz="lg">
          Price chart
        </Title>
        <NativeSelect
          label="Instrument"
          value={symbol}
          onChange={(event) => setSymbol(event.currentTarget.value as PriceSymbol)}
          data={PRICE_INSTRUMENTS.map((i) => ({ value: i.symbol, label: i.label }))}
          w={{ base: '100%', xs: 200 }}
        />
        <ExternalEmbed title={`${label} chart`} load={load} height={PRICE_CHART_HEIGHT} />
      </Stack>
    </BorderedSection>
  );
}
