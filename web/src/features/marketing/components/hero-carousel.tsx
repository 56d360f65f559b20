import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import Autoplay from 'embla-carousel-autoplay';
import { useState } from 'react';
import { heroSlides } from '../../../content/home';
import { CtaButton } from './cta';
import { MarketIllustration } from './market-illustration';

/** Autoplay interval of the hero slider. */
const AUTOPLAY_MS = 5000;

/**
 * The home hero: 3 slides that advance every 5 s, loop, pause while the mouse is over them and
 * carry on after the visitor drags or clicks a control. Controls and indicators are buttons, so
 * the slider works from the keyboard.
 */
export function HeroCarousel() {
  const [autoplay] = useState(() =>
    Autoplay({ delay: AUTOPLAY_MS, stopOnMouseEnter: true, stopOnInteraction: false }),
  );
  return (
    <Box
      bg="linear-gradient(120deg, var(--mantine-color-indigo-9) 0%, #1b1e3d 100%)"
      c="white"
      style={{ marginInline: 'calc(var(--mantine-spacing-md) * -1)' }}
    >
      <Carousel
        aria-label="Highlights"
        plugins={[autoplay]}
        emblaOptions={{ loop: true }}
        withIndicators
        controlSize={36}
      >
        {heroSlides.map((slide, index) => (
          <Carousel.Slide key={slide.title} aria-label={`Slide ${index + 1} of ${heroSlides.length}`}>
            <Container size="lg" h={{ base: 440, sm: 400 }} px={{ base: 56, md: 72 }}>
              <Group h="100%" wrap="nowrap" gap="xl">
                <Stack gap="md" maw={560} flex={1}>
                  <Text tt="uppercase" fw={700} size="sm" c="indigo.1">
                    {slide.eyebrow}
                  </Text>
                  <Title order={2} fz={{ base: 28, sm: 40 }} lh={1.15}>
                    {slide.title}
                  </Title>
                  <Text size="lg" c="indigo.0">
                    {slide.text}
                  </Text>
                  <Group>
                    <CtaButton cta={slide.cta} size="md" color="yellow.4" c="dark.9" />
                  </Group>
                </Stack>
                <Box flex={1} h={220} visibleFrom="md">
                  <MarketIllustration light />
                </Box>
              </Group>
            </Container>
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
