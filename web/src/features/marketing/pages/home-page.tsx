import { VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { features, homeHeading } from '../../../content/home';
import { HeroCarousel } from '../components/hero-carousel';
import { HomeSections } from '../components/home-sections';
import { IconPoints } from '../components/icon-points';
import { PageSection } from '../components/page-section';

/**
 * / (the home page): every section in the original product's order; the page opens at the top.
 * Every section comes with the page (and its prerendered HTML), so its height is known from the
 * start and the footer never moves as the visitor scrolls; only pictures and market widgets load
 * late, in boxes of reserved size.
 */
export function HomePage() {
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

      <HomeSections />
    </>
  );
}
