import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { brand } from '../content/brand';

/** The brand mark and name, linking to `to` (the home page by default). */
export function BrandLogo({ to = '/' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${brand.name} home`}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" aria-hidden>
          <IconChartCandle size={20} />
        </ThemeIcon>
        <Text fw={800} fz="lg" c="bright" style={{ whiteSpace: 'nowrap' }}>
          {brand.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
