/**
 * What a reviewer reads before deciding on a deposit or withdrawal (common/schemas/review-facts.ts):
 * the client's identity as a badge (a rejected or failed one red, "Identity rejected"), a
 * withdrawal's destination with a "New destination" badge, and the dialog's summary of both with
 * the amount, which warns when the identity is not verified.
 */
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VerificationStatus } from '@common/constants';
import { LEVEL_TITLES } from '@common/schemas/limits';
import { identityRefused, NEW_DESTINATION_DAYS, type ReviewIdentity } from '@common/schemas/review-facts';
import { DotBadge } from '../../../components/status-badge';
import { formatUsd } from '../../../lib/format';

/** What a review shows beside the request: the identity, and a withdrawal's destination (null for a deposit). */
export interface ReviewFacts {
  identity: ReviewIdentity;
  destination: string | null;
  newDestination: boolean | null;
}

/** The warning of a dialog when the client's identity is not verified. */
export const IDENTITY_WARNING = "The client's identity is not verified";

const IDENTITY_LOOKS: Record<VerificationStatus, { color: string; label: string }> = {
  awaiting: { color: 'gray', label: 'Identity not submitted' },
  pending: { color: 'orange', label: 'Identity pending' },
  verified: { color: 'green', label: 'Identity verified' },
  rejected: { color: 'red', label: 'Identity rejected' },
  failed: { color: 'red', label: 'Identity rejected' },
};

/** The client's identity: a red "Identity rejected" badge when refused, else a dot badge; the level in its title. */
export function IdentityBadge({ identity }: { identity: ReviewIdentity }) {
  const look = IDENTITY_LOOKS[identity.status];
  const title = `Verification level: ${LEVEL_TITLES[identity.level]}`;
  if (identityRefused(identity.status)) {
    return (
      <Badge color="red.9" variant="filled" size="sm" miw="max-content" title={title}>
        {look.label}
      </Badge>
    );
  }
  return (
    <span title={title}>
      <DotBadge color={look.color}>{look.label}</DotBadge>
    </span>
  );
}

/**
 * "New destination": no approved withdrawal of the client went there, or it was saved lately. A dot
 * badge: white on the darkest orange reads at 4.29:1, under WCAG's 4.5:1 for its small bold text.
 */
export function NewDestinationBadge() {
  return <DotBadge color="orange">New destination</DotBadge>;
}

/** A withdrawal's destination, with the "New destination" badge when it is new for the client. */
export function DestinationText({ facts }: { facts: Pick<ReviewFacts, 'destination' | 'newDestination'> }) {
  if (facts.destination === null) return null;
  return (
    <Group gap={6} style={{ rowGap: 2 }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {facts.destination}
      </Text>
      {facts.newDestination && <NewDestinationBadge />}
    </Group>
  );
}

/** One line of the dialog's summary: a label and its value. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={88} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/**
 * The summary of a review's confirmation: a warning when the identity is not verified (red when it
 * was rejected), the amount, the identity with its level, and a withdrawal's destination (said new
 * when it is).
 */
export function ReviewFactsSummary({ facts, amount }: { facts: ReviewFacts; amount: number }) {
  const { identity } = facts;
  return (
    <Stack gap={6}>
      {identity.status !== 'verified' && (
        <Alert
          color={identityRefused(identity.status) ? 'red' : 'orange'}
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} aria-hidden />}
        >
          <Text size="sm" fw={600}>
            {IDENTITY_WARNING}
          </Text>
        </Alert>
      )}
      <Line label="Amount">
        <Text size="sm" fw={600}>
          {formatUsd(amount)}
        </Text>
      </Line>
      <Line label="Identity">
        <Stack gap={2}>
          <IdentityBadge identity={identity} />
          <Text size="xs" c="dimmed">
            Level: {LEVEL_TITLES[identity.level]}
          </Text>
        </Stack>
      </Line>
      {facts.destination !== null && (
        <Line label="Destination">
          <DestinationText facts={facts} />
          {facts.newDestination && (
            <Text size="xs" c="dimmed">
              No approved withdrawal went there yet, or it was saved less than {NEW_DESTINATION_DAYS} days
              ago.
            </Text>
          )}
        </Line>
      )}
    </Stack>
  );
}
