import { Box, Grid, List, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  differences,
  howItWorks,
  learnToTrade,
  needHelp,
  statistics,
  whyChoose,
} from '../../../content/home';
import { marketSection } from '../../../content/markets';
import { tradingAccounts } from '../../../content/packages';
import { accountRatings, reviewsNote, testimonials } from '../../../content/testimonials';
import { CtaBanner } from './cta-banner';
import { CtaButton } from './cta';
import { IconPoints } from './icon-points';
import { MarketIllustration } from './market-illustration';
import { MarketTabs } from './market-tabs';
import { PageSection } from './page-section';
import { Pricing } from './pricing';
import { ReviewSlider } from './review-slider';

/** A two-column block: text on one side, the chart illustration on the other. */
function TextWithIllustration({ children, reverse = false }: { children: ReactNode; reverse?: boolean }) {
  return (
    <Grid gap="xl" align="center">
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: reverse ? 2 : 1 }}>
        <Stack gap="md">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: reverse ? 1 : 2 }} visibleFrom="sm">
        <Box h={240} p="md" bg="white" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
          <MarketIllustration />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The home sections below the fold (from How a Plan Works to Need help), in the original product's
 * order.
 */
export function HomeSections() {
  return (
    <>
      <PageSection tone="gray">
        <TextWithIllustration>
          <Title order={2} fz={{ base: 26, md: 34 }}>
            {learnToTrade.title}
          </Title>
          <Text c="dimmed">{learnToTrade.text}</Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={22} radius="xl" color="teal.8" aria-hidden>
                <IconCircleCheck size={14} />
              </ThemeIcon>
            }
          >
            {learnToTrade.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <div>
            <CtaButton cta={learnToTrade.cta} />
          </div>
        </TextWithIllustration>
      </PageSection>

      <PageSection tone="dark">
        <VisuallyHidden component="h2">Our figures</VisuallyHidden>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="lg">
          {statistics.items.map((item) => (
            <Stack key={item.label} gap={0} ta="center">
              <Text fz={{ base: 28, md: 36 }} fw={800}>
                {item.value}
              </Text>
              <Text size="sm" c="indigo.0">
                {item.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {statistics.note && (
          <Text size="xs" c="indigo.1" ta="center" mt="lg">
            {statistics.note}
          </Text>
        )}
      </PageSection>

      <PageSection title={howItWorks.title} intro={howItWorks.intro}>
        <IconPoints points={howItWorks.steps} cols={3} centred />
        <Stack align="center" mt="xl">
          <CtaButton cta={howItWorks.cta} size="md" />
        </Stack>
      </PageSection>

      <PageSection tone="gray">
        <TextWithIllustration reverse>
          <Title order={2} fz={{ base: 26, md: 34 }}>
            {whyChoose.title}
          </Title>
          <Text c="dimmed">{whyChoose.text}</Text>
          <IconPoints points={whyChoose.points} cols={3} />
          <div>
            <CtaButton cta={whyChoose.cta} />
          </div>
        </TextWithIllustration>
      </PageSection>

      <PageSection title={tradingAccounts.title} intro={tradingAccounts.intro}>
        <Pricing />
      </PageSection>

      <PageSection title={marketSection.title} intro={marketSection.intro} tone="gray">
        <MarketTabs />
      </PageSection>

      <PageSection title={accountRatings.title} intro={reviewsNote}>
        <ReviewSlider label={`${accountRatings.title} slider`} reviews={accountRatings.reviews} />
      </PageSection>

      <PageSection title={testimonials.title} intro={reviewsNote} tone="gray">
        <ReviewSlider label={`${testimonials.title} slider`} reviews={testimonials.reviews} />
      </PageSection>

      <PageSection title={differences.title}>
        <IconPoints points={differences.points} cols={3} />
      </PageSection>

      <PageSection tone="gray">
        <CtaBanner {...needHelp} />
      </PageSection>
    </>
  );
}
