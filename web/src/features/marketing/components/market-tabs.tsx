import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import { ExternalEmbed } from '../../../components/external-embed';
import { MARKET_WIDGET_HEIGHT, marketTabs } from '../../../content/markets';
import { tradingViewWidget } from '../../../lib/embeds';

const loaders = new Map(marketTabs.map((tab) => [tab.value, tradingViewWidget(tab.widget, tab.config)]));

/**
 * The market widget tabs: FOREX by default, then CRYPTOCURRENCY, STOCK and
 * INDICES/COMMODITIES. Only the open tab's widget is loaded.
 */
export function MarketTabs() {
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
          <ExternalEmbed title={tab.title} load={loaders.get(tab.value)!} height={MARKET_WIDGET_HEIGHT} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
