import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

const MAX = 5;

/** A read-only rating shown as stars out of 5, announced as "Rated N out of 5". */
export function StarRating({ value }: { value: number }) {
  return (
    <Group gap={2} role="img" aria-label={`Rated ${value} out of ${MAX}`}>
      {Array.from({ length: MAX }, (_, i) =>
        i < value ? (
          <IconStarFilled key={i} size={18} color="var(--mantine-color-yellow-7)" aria-hidden />
        ) : (
          <IconStar key={i} size={18} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  );
}
