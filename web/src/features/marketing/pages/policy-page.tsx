import { Container, List, Stack, Text, Title } from '@mantine/core';
import {
  paymentPolicy,
  privacyPolicy,
  termsAndConditions,
  type PolicyDocument,
} from '../../../content/policies';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';

/** The anchor of a section (`Plans and risk` → `plans-and-risk`), for links into a document. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One legal document, in full: its h1, date, introduction and every section. */
function PolicyPage({ document }: { document: PolicyDocument }) {
  return (
    <>
      <PageHeader title={document.title} intro={document.intro} />
      <PageSection>
        <Container size="md" px={0}>
          <Text size="sm" c="dimmed" mb="xl">
            Last updated: {document.updated}
          </Text>
          <Stack gap="xl">
            {document.sections.map((section, index) => (
              <Stack key={section.heading} gap="xs" component="section" id={anchorOf(section.heading)}>
                <Title order={2} fz="xl">
                  {index + 1}. {section.heading}
                </Title>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
                {section.list && (
                  <List spacing={4}>
                    {section.list.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </Stack>
        </Container>
      </PageSection>
    </>
  );
}

/** /terms-and-conditions, complete. */
export function TermsPage() {
  return <PolicyPage document={termsAndConditions} />;
}

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  return <PolicyPage document={privacyPolicy} />;
}

/** /payment-policy. */
export function PaymentPolicyPage() {
  return <PolicyPage document={paymentPolicy} />;
}
