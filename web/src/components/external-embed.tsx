import { Box, Center, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';
import { usePageIdle } from '../hooks/use-page-idle';
import type { EmbedLoader } from '../lib/embeds';

type EmbedStatus = 'waiting' | 'ready' | 'failed';

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
}

/**
 * A third-party embed (market widget, translation element) in a box of fixed height. It loads only
 * after the page is interactive and only when scrolled into view; if its host cannot be reached
 * (script error or timeout) a quiet placeholder shows instead and nothing else is affected.
 */
export function ExternalEmbed({
  title,
  load,
  height,
  timeoutMs = 15_000,
  tone = 'light',
  fallback,
}: ExternalEmbedProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<EmbedStatus>('waiting');
  const near = useNearViewport(mountRef);
  const idle = usePageIdle();
  const start = near && idle;

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
        () => active && setStatus('ready'),
        () => {
          if (!active) return;
          mount.replaceChildren();
          setStatus('failed');
        },
      )
      .finally(() => window.clearTimeout(timer));
    return () => {
      active = false;
      window.clearTimeout(timer);
      mount.replaceChildren();
    };
  }, [start, load, timeoutMs]);

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
