/**
 * The public site's bonus offer (Get FREE $500 on $5,000 deposit, Get Now to /signup, a close
 * button that hides it for the page view), in two forms chosen by CSS, so the prerendered page
 * already shows the right one: from 768 px a badge floating at the bottom right (above the ticker
 * tape when it shows), and on phones a strip in the page's flow under the header, which never
 * covers anything.
 */
import { Box, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { bonusBadge } from '../../content/site';
import { paths } from '../../config/paths';

function Offer({ onClose, textMaw }: { onClose: () => void; textMaw?: number }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="center">
      <IconGift size={24} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600} maw={textMaw} lh={1.3}>
        {bonusBadge.text}
      </Text>
      <Button component={Link} to={paths.signup} size="compact-sm" style={{ flexShrink: 0 }}>
        {bonusBadge.action}
      </Button>
      <CloseButton size="sm" aria-label={bonusBadge.closeLabel} onClick={onClose} />
    </Group>
  );
}

/** The floating badge (from 768 px); `bottom` is its distance from the window's bottom, in px. */
export function FloatingBonusBadge({ onClose, bottom }: { onClose: () => void; bottom: number }) {
  return (
    <Paper
      component="aside"
      aria-label="Bonus offer"
      shadow="lg"
      withBorder
      p="xs"
      pos="fixed"
      right={12}
      bottom={bottom}
      visibleFrom="sm"
      style={{ zIndex: 150 }}
    >
      <Offer onClose={onClose} textMaw={150} />
    </Paper>
  );
}

/** The strip under the header on phones (below 768 px). */
export function BonusStrip({ onClose }: { onClose: () => void }) {
  return (
    <Box
      component="aside"
      aria-label="Bonus offer"
      hiddenFrom="sm"
      bg="indigo.0"
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-indigo-1)' }}
    >
      <Offer onClose={onClose} />
    </Box>
  );
}
