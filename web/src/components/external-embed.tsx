import { Box, Center, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';
import { usePageIdle } from '../hooks/use-page-idle';
import type { EmbedLoader } from '../lib/embeds';

/** Where an embed stands: loading (or not yet started), loaded, or given up on. */
export type EmbedStatus = 'waiting' | 'ready' | 'failed';

interface ExternalEmbedProps {
  /** What the embed shows: names its region and its placeholder. */
  title: string;
  /** Fills the embed's container (lib/embeds.ts); keep it stable (module-level or memoised). */
  load: EmbedLoader;
  /** Reserved height (px or CSS length), so nothing shifts when the embed arrives. */
  height: number | string;
  /** Give up and show the placeholder after this long. */
  timeoutMs?: number;
  /** Colours of the placeholder: on a light or a dark background. */
  tone?: 'light' | 'dark';
  /** Shown instead of the default texts while the embed loads and when it cannot load. */
  fallback?: string;
  /**
   * Shown instead of the whole box once the embed cannot load; `null` leaves nothing (the box
   * takes no space). Without it the box keeps its height and says the embed is unavailable.
   */
  unavailable?: ReactNode;
  /** Told each time the status changes (the layout around the embed may depend on it). */
  onStatusChange?: (status: EmbedStatus) => void;
  /**
   * The host the embed comes from (e.g. `'tradingview'`). Embeds naming the same provider share
   * its fate for the page view: once one of them cannot load, the others that have not loaded
   * give up at once without trying (a blocker or network that keeps one out keeps all out).
   */
  provider?: string;
}

const failedProviders = new Set<string>();
const providerListeners = new Set<() => void>();

/** Records that an embed of `provider` could not load, and tells every embed of it. */
function markProviderFailed(provider: string): void {
  if (failedProviders.has(provider)) return;
  failedProviders.add(provider);
  for (const listener of providerListeners) listener();
}

function subscribeToProviders(listener: () => void): () => void {
  providerListeners.add(listener);
  return () => providerListeners.delete(listener);
}

/** True once an embed of `provider` has failed in this page view (false while prerendering). */
function useProviderFailed(provider: string | undefined): boolean {
  return useSyncExternalStore(
    subscribeToProviders,
    () => provider !== undefined && failedProviders.has(provider),
    () => false,
  );
}

/**
 * A third-party embed (market widget, translation element) in a box of fixed height. It loads only
 * after the page is interactive and only when scrolled into view; if its host cannot be reached
 * (script error or timeout) a quiet placeholder shows instead (or `unavailable`, which may be
 * nothing at all) and nothing else is affected.
 */
export function ExternalEmbed({
  title,
  load,
  height,
  timeoutMs = 15_000,
  tone = 'light',
  fallback,
  unavailable,
  onStatusChange,
  provider,
}: ExternalEmbedProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loadStatus, setLoadStatus] = useState<EmbedStatus>('waiting');
  const providerFailed = useProviderFailed(provider);
  const status: EmbedStatus = loadStatus === 'waiting' && providerFailed ? 'failed' : loadStatus;
  const near = useNearViewport(mountRef);
  const idle = usePageIdle();
  // a provider failure cancels a load still under way, never an embed already shown
  const start = near && idle && !(providerFailed && loadStatus === 'waiting');

  // Told before paint, so a layout that hides or collapses on failure never shows a frame of it
  const onStatusChangeRef = useRef(onStatusChange);
  useLayoutEffect(() => {
    onStatusChangeRef.current = onStatusChange;
  });
  useLayoutEffect(() => {
    onStatusChangeRef.current?.(status);
  }, [status]);

  useEffect(() => {
    if (!start) return;
    const mount = mountRef.current!;
    let active = true;
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new Error('timeout')), timeoutMs);
    });
    Promise.race([load(mount), timeout])
      .then(
        () => active && setLoadStatus('ready'),
        () => {
          if (!active) return;
          mount.replaceChildren();
          setLoadStatus('failed');
          if (provider !== undefined) markProviderFailed(provider);
        },
      )
      .finally(() => window.clearTimeout(timer));
    return () => {
      active = false;
      window.clearTimeout(timer);
      mount.replaceChildren();
    };
  }, [start, load, timeoutMs, provider]);

  if (status === 'failed' && unavailable !== undefined) return <>{unavailable}</>;
  return (
    <Box
      role="region"
      aria-label={title}
      aria-busy={status === 'waiting'}
      pos="relative"
      h={height}
      style={{ overflow: 'hidden' }}
    >
      <div ref={mountRef} style={{ height: '100%' }} />
      {status !== 'ready' && (
        <Center pos="absolute" inset={0} px="sm">
          <Text
            size={fallback ? 'xs' : 'sm'}
            c={tone === 'dark' ? 'gray.4' : 'dimmed'}
            ta="center"
            style={fallback ? { whiteSpace: 'nowrap' } : undefined}
          >
            {fallback ??
              (status === 'failed' ? (
                <>
                  <IconPlugConnectedX
                    size={16}
                    aria-hidden
                    style={{ verticalAlign: 'text-bottom', marginRight: 6 }}
                  />
                  {title} is unavailable right now.
                </>
              ) : (
                `Loading ${title.toLowerCase()}…`
              ))}
          </Text>
        </Center>
      )}
    </Box>
  );
}
