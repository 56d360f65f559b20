import '@mantine/core/styles/Card.layer.css';
import { Box, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { EvidenceDownload } from '../components/evidence-download';
import { LiabilitiesPanel } from '../components/liabilities-panel';
import { ReservesPanel } from '../components/reserves-panel';
import { TreeHeadPanel } from '../components/tree-head-panel';
import { VerifyStatementForm } from '../components/verify-statement-form';
import { EXPLANATIONS } from '../explanations';

/** A card of the page: its h2, a short plain-words explanation, and the live figures. */
function ProofCard({
  title,
  explanation,
  children,
}: {
  title: string;
  explanation: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId} fz={{ base: 22, md: 26 }}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {explanation}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * /transparency (public): what a client can check for themselves (docs/transparency.md). The signed
 * tree head of the journal (its signature checked in the browser), the public key and fingerprint,
 * the latest liabilities snapshot, the reserves the operator declares (if any, marked as declared),
 * a form that checks a statement PDF and the client's evidence download. `header` is the page's h1
 * band (composed by the router).
 */
export function TransparencyPage({ header }: { header?: ReactNode }) {
  const reservesId = useId();
  return (
    <>
      {header}
      <Box py={{ base: 32, md: 56 }}>
        <Container size="lg" px={0}>
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ProofCard title="The journal, signed" explanation={EXPLANATIONS.journal}>
                <TreeHeadPanel />
              </ProofCard>
              <ProofCard title="What we owe our clients" explanation={EXPLANATIONS.liabilities}>
                <LiabilitiesPanel />
                <ReservesPanel headingId={reservesId} />
              </ProofCard>
            </SimpleGrid>
            <ProofCard title="Verify a statement" explanation={EXPLANATIONS.statements}>
              <VerifyStatementForm />
            </ProofCard>
            <ProofCard title="Download my evidence" explanation={EXPLANATIONS.evidence}>
              <EvidenceDownload />
            </ProofCard>
            <ProofCard title="What these proofs cannot show" explanation={EXPLANATIONS.limits} />
          </Stack>
        </Container>
      </Box>
    </>
  );
}
