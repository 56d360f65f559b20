import '@mantine/core/styles/Tabs.layer.css';
import { Group, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ExternalEmbed, type EmbedStatus } from '../../../components/external-embed';
import { chartingProvider, MARKET_WIDGET_HEIGHT, marketsOffline, marketTabs } from '../../../content/markets';
import { tradingViewWidget } from '../../../lib/embeds';

const loaders = new Map(marketTabs.map((tab) => [tab.value, tradingViewWidget(tab.widget, tab.config)]));

/** The block's quiet state: a compact card saying the quotes could not load (no grey box). */
function MarketsOffline() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={720} mx="auto">
      <Group gap="lg" wrap="nowrap" align="center">
        <ThemeIcon size={52} radius="md" variant="light" color="gray" visibleFrom="xs" aria-hidden>
          <IconPlugConnectedX size={28} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={3} fz="md">
            {marketsOffline.title}
          </Title>
          <Text size="sm" c="dimmed">
            {marketsOffline.text}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The market widget tabs: FOREX by default, then CRYPTOCURRENCY, STOCK and
 * INDICES/COMMODITIES. Only the open tab's widget is loaded. When the charting provider cannot be
 * reached (this block's widget or the ticker tape failed), the whole block collapses to a compact
 * card.
 */
export function MarketTabs() {
  const [offline, setOffline] = useState(false);
  const onStatusChange = (status: EmbedStatus) => {
    if (status === 'failed') setOffline(true);
  };
  if (offline) return <MarketsOffline />;
  return (
    <Tabs defaultValue={marketTabs[0]!.value} keepMounted={false} variant="pills">
      <Tabs.List>
        {marketTabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} fw={600}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {marketTabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          <ExternalEmbed
            title={tab.title}
            load={loaders.get(tab.value)!}
            height={MARKET_WIDGET_HEIGHT}
            provider={chartingProvider}
            unavailable={null}
            onStatusChange={onStatusChange}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
