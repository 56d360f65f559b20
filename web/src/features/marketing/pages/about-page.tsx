import { Stack, Text } from '@mantine/core';
import { about } from '../../../content/pages';
import { CtaBanner } from '../components/cta-banner';
import { IconPoints } from '../components/icon-points';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';

/** /about: hero, company text, three reasons, and the Need help call to action. */
export function AboutPage() {
  return (
    <>
      <PageHeader title={about.headline} crumb={about.title} />
      <PageSection>
        <Stack gap="md" maw={760}>
          {about.paragraphs.map((paragraph) => (
            <Text key={paragraph} size="lg">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </PageSection>
      <PageSection title="Why clients choose us" tone="gray">
        <IconPoints points={about.reasons} cols={3} centred />
      </PageSection>
      <PageSection>
        <CtaBanner {...about.needHelp} />
      </PageSection>
    </>
  );
}
