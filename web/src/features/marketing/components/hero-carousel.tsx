import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { heroSlides } from '../../../content/home';
import { CtaButton } from './cta';
import { MarketIllustration } from './market-illustration';

/** Autoplay interval of the hero slider. */
const AUTOPLAY_MS = 5000;
/** The visitor asked their system for less motion: the slider never advances on its own. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Keeps only the selected slide in the Tab order and the accessibility tree (the others are
 * `inert`), and makes the slider's "Slide n of 3" status a live region only while it is not playing
 * on its own: the visitor hears the slides they move by hand, not every automatic turn (WCAG 2.2.2,
 * 4.1.3).
 */
function useSlideAccessibility(embla: EmblaCarouselType | null, root: HTMLElement | null, playing: boolean) {
  useEffect(() => {
    if (!embla) return;
    const hideOthers = () => {
      const selected = embla.selectedScrollSnap();
      embla.slideNodes().forEach((node, index) => {
        node.inert = index !== selected;
      });
    };
    hideOthers();
    embla.on('select', hideOthers).on('reInit', hideOthers);
    return () => {
      embla.off('select', hideOthers).off('reInit', hideOthers);
    };
  }, [embla]);

  useEffect(() => {
    // Mantine's Carousel renders its status (role="status", aria-live="polite") as the root's first child
    root?.querySelector(':scope > [role="status"]')?.setAttribute('aria-live', playing ? 'off' : 'polite');
  }, [root, playing]);
}

/**
 * The home hero: 3 slides that advance every 5 s and loop, with a "Pause slides" / "Play slides"
 * button as the first Tab stop inside it (WCAG 2.2.2 pause, stop, hide). The slides stand still
 * while the mouse is over the hero, while keyboard focus is inside it (until the visitor presses
 * "Play slides" there), after the visitor pressed or dragged a slide (that pauses, like the button),
 * and always when the system asks for reduced motion: then the autoplay plugin is not even started
 * (its `breakpoints` option) and the button is not shown. Controls and indicators are buttons, so
 * the slider works from the keyboard.
 */
export function HeroCarousel() {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: AUTOPLAY_MS,
      // started and stopped by `playing` below; a press or drag on the slides never restarts it
      playOnInit: false,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      breakpoints: { [REDUCED_MOTION]: { active: false } },
    }),
  );
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // keyboard focus is inside (a mouse click on a control is covered by the hover)
  const [focused, setFocused] = useState(false);
  const playing = !reducedMotion && !paused && !hovered && !focused;
  const hero = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!embla) return;
    const apply = () => {
      // the plugin is not started while the system asks for reduced motion (its `breakpoints`)
      if (playing && !window.matchMedia(REDUCED_MOTION).matches) autoplay.play();
      else autoplay.stop();
    };
    const pause = () => setPaused(true);
    apply();
    // Embla starts its plugins anew on a resize
    embla.on('reInit', apply).on('pointerDown', pause);
    return () => {
      embla.off('reInit', apply).off('pointerDown', pause);
    };
  }, [embla, autoplay, playing]);
  useSlideAccessibility(embla, root, playing);

  const onFocus = (event: FocusEvent) => {
    if (event.target.matches(':focus-visible')) setFocused(true);
  };
  const onBlur = (event: FocusEvent) => {
    if (!hero.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const togglePlay = () => {
    if (!paused) return setPaused(true);
    // "Play slides" pressed with focus inside: the visitor asked for motion, focus no longer stops it
    setPaused(false);
    setFocused(false);
  };

  return (
    <Box
      ref={hero}
      pos="relative"
      data-surface="dark"
      bg="linear-gradient(120deg, var(--mantine-color-indigo-9) 0%, #1b1e3d 100%)"
      c="white"
      style={{ marginInline: 'calc(var(--mantine-spacing-md) * -1)' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {!reducedMotion && (
        <Button
          variant="white"
          size="compact-sm"
          pos="absolute"
          // top right: at the bottom it would cover the indicators on a phone
          top={12}
          right={12}
          style={{ zIndex: 2 }}
          leftSection={
            paused ? (
              <IconPlayerPlayFilled size={14} aria-hidden />
            ) : (
              <IconPlayerPauseFilled size={14} aria-hidden />
            )
          }
          onClick={togglePlay}
        >
          {paused ? 'Play slides' : 'Pause slides'}
        </Button>
      )}
      <Carousel
        ref={setRoot}
        aria-label="Highlights"
        plugins={[autoplay]}
        getEmblaApi={setEmbla}
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
