import { Box, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { features, homeHeading } from '../../../content/home';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { HeroCarousel } from '../components/hero-carousel';
import { IconPoints } from '../components/icon-points';
import { PageSection } from '../components/page-section';

const HomeSections = lazy(() =>
  import('../components/home-sections').then((m) => ({ default: m.HomeSections })),
);

/**
 * / (the home page): every section in the original product's order; the page opens at the top. The hero and
 * the feature icons come with the page; the sections below the fold load as the visitor scrolls
 * towards them, in a box that holds their place.
 */
export function HomePage() {
  const belowTheFold = useRef<HTMLDivElement>(null);
  const showRest = useNearViewport(belowTheFold, '400px');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <>
      <VisuallyHidden component="h1">{homeHeading}</VisuallyHidden>
      <HeroCarousel />

      <PageSection>
        <VisuallyHidden component="h2">Why traders open an account</VisuallyHidden>
        <IconPoints points={features} cols={4} centred />
      </PageSection>

      <Box ref={belowTheFold} mih={showRest ? undefined : '100vh'}>
        {showRest && (
          <Suspense fallback={<Box mih="100vh" />}>
            <HomeSections />
          </Suspense>
        )}
      </Box>
    </>
  );
}
