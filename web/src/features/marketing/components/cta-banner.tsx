import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import type { Cta } from '../../../content/home';
import { CtaButton } from './cta';

interface CtaBannerProps {
  title: string;
  text: string;
  cta: Cta;
}

/** A closing call to action ("Need help?") with one link, as an h2 band. */
export function CtaBanner({ title, text, cta }: CtaBannerProps) {
  return (
    <Paper radius="lg" p={{ base: 'lg', md: 'xl' }} bg="indigo.9" c="white">
      <Group justify="space-between" gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconHeadset size={40} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            <Title order={2} fz={{ base: 22, md: 28 }}>
              {title}
            </Title>
            <Text c="indigo.0">{text}</Text>
          </Stack>
        </Group>
        <CtaButton cta={cta} size="md" color="yellow.4" c="dark.9" />
      </Group>
    </Paper>
  );
}
