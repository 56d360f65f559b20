import { Group, Paper } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { PageTitle } from '../../../components/page-title';
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
    <Paper radius="lg" p={{ base: 'lg', md: 'xl' }} bg="indigo.9" c="white" data-surface="dark">
      <Group justify="space-between" gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconHeadset size={40} aria-hidden style={{ flexShrink: 0 }} />
          <PageTitle
            title={title}
            description={text}
            order={2}
            fz={{ base: 22, md: 28 }}
            descriptionColor="indigo.0"
          />
        </Group>
        <CtaButton cta={cta} size="md" color="yellow.4" c="dark.9" />
      </Group>
    </Paper>
  );
}
