import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LIABILITIES_MSG } from '@common/schemas/liabilities';
import { paths } from '../../../app/paths';
import { BorderedSection } from '../../../components/bordered-section';
import { LoadError } from '../../../components/load-error';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { fetchLiabilitiesProof, fetchSnapshot } from '../api';
import { loadVerifier } from '../use-journal-check';
import { DARK_TITLE } from './dark-title';

/**
 * The client's proof of liabilities, checked in the browser: their leaf and path, verified against
 * the root published for everyone (read apart from the proof, so the proof cannot bring its own root).
 * Answers null when the client is in no snapshot yet.
 */
function useLiabilitiesCheck() {
  return useQuery({
    queryKey: ['transparency', 'liabilities-check'],
    staleTime: Infinity,
    queryFn: async () => {
      const proof = await fetchLiabilitiesProof();
      if (!proof) return null;
      const [published, verifier] = await Promise.all([fetchSnapshot(proof.snapshotId), loadVerifier()]);
      const check = verifier.checkLiabilities(proof, published);
      return { proof, published, check };
    },
  });
}

/**
 * The account home's card: "Your balance of $X is included in the published total of $Y" once the
 * browser verified the client's path in the latest snapshot; a quiet line when the client is in no
 * snapshot yet; a warning when the path does not verify.
 */
export function LiabilitiesCard() {
  const headingId = useId();
  const query = useLiabilitiesCheck();
  let body;
  if (query.isPending) {
    body = <Skeleton height={48} radius="sm" />;
  } else if (query.isError) {
    body = (
      <LoadError what="your proof of liabilities" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = (
      <Text size="sm" c="dimmed">
        {LIABILITIES_MSG.notInSnapshot}
      </Text>
    );
  } else if (query.data.check.ok) {
    const { proof, published } = query.data;
    body = (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShieldCheck
          size={22}
          color="var(--mantine-color-teal-8)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <Text size="sm">
          Your balance of <strong>{formatUsd(proof.leaf.total)}</strong> is included in the published total of{' '}
          <strong>{formatUsd(published.total)}</strong> (snapshot of {formatDateTime(published.snapshotAt)}).
        </Text>
      </Group>
    );
  } else {
    body = (
      <Alert
        color="red"
        variant="light"
        title="Your proof does not verify"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        vars={DARK_TITLE.red}
      >
        <Text size="sm">
          Your browser could not confirm that your balance is in the published total (
          {query.data.check.reason}). Please contact support.
        </Text>
      </Alert>
    );
  }
  return (
    <BorderedSection aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Proof of liabilities
        </Title>
        {body}
        <Anchor component={Link} to={paths.transparency} size="sm">
          What this proof shows
        </Anchor>
      </Stack>
    </BorderedSection>
  );
}
