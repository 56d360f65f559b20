import { SimpleGrid } from '@mantine/core';
import { useCallback, useState, type CSSProperties } from 'react';
import { AccountValue } from './account-value';
import { PriceChart, type ProviderStatus } from './price-chart';

/** The price chart while its provider has not answered: in place to load, but neither seen nor heard. */
const WAITING: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  visibility: 'hidden',
  pointerEvents: 'none',
};

/**
 * The dashboard's charts: the client's account value, always, from our own data, and beside it the
 * provider's price chart once its script has loaded. Until then, and for good when it cannot load
 * (offline, blocked), the account value takes the whole width: no placeholder and no notice.
 */
export function AccountCharts() {
  const [provider, setProvider] = useState<ProviderStatus>('waiting');
  // once drawn, the price chart stays (a later instrument that fails shows the embed's own notice)
  const onStatus = useCallback(
    (status: ProviderStatus) => setProvider((now) => (now === 'ready' ? now : status)),
    [],
  );
  const shown = provider === 'ready';
  return (
    <SimpleGrid cols={{ base: 1, lg: shown ? 2 : 1 }} spacing="md" pos="relative">
      <AccountValue />
      {provider !== 'failed' && (
        <div style={shown ? undefined : WAITING} aria-hidden={!shown || undefined} inert={!shown}>
          <PriceChart onStatus={onStatus} />
        </div>
      )}
    </SimpleGrid>
  );
}
