import '@mantine/core/styles/Accordion.layer.css';
import { Accordion, Container } from '@mantine/core';
import { faq } from '../../../content/faq';
import { needHelp } from '../../../content/home';
import { CtaBanner } from '../components/cta-banner';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';

/** /faq: questions as an accordion, then a link to the contact page. */
export function FaqPage() {
  return (
    <>
      <PageHeader title={faq.title} crumb="FAQ" intro={faq.intro} />
      <PageSection>
        <Container size="md" px={0}>
          <Accordion variant="separated" order={2}>
            {faq.entries.map((entry) => (
              <Accordion.Item key={entry.question} value={entry.question}>
                <Accordion.Control>{entry.question}</Accordion.Control>
                <Accordion.Panel>{entry.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Container>
      </PageSection>
      <PageSection tone="gray">
        <CtaBanner {...needHelp} />
      </PageSection>
    </>
  );
}
