import '@mantine/carousel/styles.css';
import '@mantine/core/styles/Image.layer.css';
import { Carousel } from '@mantine/carousel';
import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { Review } from '../../../content/testimonials';
import { StarRating } from './star-rating';

/** Side of a reviewer's round picture, in pixels. */
const PHOTO_SIZE = 56;

/**
 * A slider of reviews rated out of 5, each with its picture (loaded lazily, its size reserved):
 * one slide below 768 px, two from 768 px.
 */
export function ReviewSlider({ label, reviews }: { label: string; reviews: Review[] }) {
  return (
    <Carousel
      aria-label={label}
      slideSize={{ base: '100%', sm: '50%' }}
      slideGap="md"
      emblaOptions={{ loop: true, align: 'start' }}
      withIndicators
      controlsOffset="xs"
      px={40}
      pb={40}
      styles={{ indicator: { backgroundColor: 'var(--mantine-color-indigo-6)' } }}
    >
      {reviews.map((review) => (
        <Carousel.Slide key={review.name}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Stack gap="sm">
              <StarRating value={review.rating} />
              <Text component="blockquote" m={0} fz="md" fs="italic">
                “{review.quote}”
              </Text>
              <Group gap="sm" wrap="nowrap">
                <Image
                  src={review.photo.src}
                  alt={review.photo.alt}
                  w={PHOTO_SIZE}
                  h={PHOTO_SIZE}
                  width={PHOTO_SIZE}
                  height={PHOTO_SIZE}
                  radius="xl"
                  loading="lazy"
                  decoding="async"
                  style={{ flexShrink: 0 }}
                />
                <Text fw={700}>
                  {review.name}{' '}
                  <Text span c="dimmed" fw={400} size="sm">
                    — {review.detail}
                  </Text>
                </Text>
              </Group>
            </Stack>
          </Paper>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
