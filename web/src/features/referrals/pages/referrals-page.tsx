import { Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { PROFILE_MSG } from '@common/messages';
import type { PublicReferral, ReferralsAnswer } from '@common/schemas/profile';
import { paths } from '../../../config/paths';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { CopyIconButton } from '../../../components/copy-icon-button';
import { LoadError } from '../../../components/load-error';
import { TitledSection } from '../../../components/titled-section';
import { PagedTable, pageOf, type Column } from '../../../components/paged-table';
import { usePaging } from '../../../hooks/use-paging';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useReferrals } from '../api';
import { BorderedSection } from '../../../components/bordered-section';

const COLUMNS: Column<PublicReferral>[] = [
  { header: 'Email', cell: (r) => r.email },
  { header: 'Date registered', cell: (r) => formatDateTime(r.createdAt), nowrap: true },
];

/**
 * What a referral earns, as the server pays it (deposit approval): a percent of each approved
 * deposit of a referred client, set by the referrer's plan; or, when that percent is 0, nothing.
 */
function RewardTerms({ reward }: { reward: ReferralsAnswer['reward'] }) {
  return (
    <Text size="sm" data-testid="referral-reward">
      {reward.percent > 0
        ? `You earn ${reward.percent}% of each deposit a client you referred makes, once it is approved, credited to your available balance as a referral bonus. The rate follows your account plan (${reward.plan}).`
        : 'Referrals earn nothing at the moment: no referral reward is set for your account plan.'}
    </Text>
  );
}

/**
 * /account/referrals: what a referral earns, the referral link `{host}/signup?referral={id}` with a copy
 * button, the referral ID, who referred the client, and the clients they referred (masked e-mail,
 * date registered).
 */
export function ReferralsPage() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.signin} replace />;
  return <Referrals userId={user._id} />;
}

function Referrals({ userId }: { userId: string }) {
  const referrals = useReferrals(userId);
  const paging = usePaging();
  const data = referrals.data;

  return (
    <Stack gap="lg" w="100%" maw={1000} mx="auto">
      <PageTitle
        title="Referrals"
        description="Invite friends with your link. Clients who sign up through it appear below."
        fz={CLIENT_TITLE_FZ}
        gap="xs"
      />

      <BorderedSection aria-labelledby="referral-link-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="referral-link-title">
            Your referral link
          </Title>
          {referrals.error && !data ? (
            <LoadError
              what="your referral link"
              error={referrals.error}
              onRetry={() => void referrals.refetch()}
            />
          ) : !data ? (
            <Stack gap="xs" aria-busy="true" aria-label="Loading your referral link">
              <Skeleton height={36} />
              <Skeleton height={16} width="40%" />
              <Skeleton height={16} width="60%" />
            </Stack>
          ) : (
            <>
              <TextInput
                label="Referral link"
                value={data.link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                rightSectionWidth={44}
                rightSection={
                  <CopyIconButton
                    value={data.link}
                    tooltip="Copy link"
                    label="Copy referral link"
                    copiedLabel="Referral link copied"
                    onCopied={() => notifySuccess(PROFILE_MSG.linkCopied)}
                  />
                }
              />
              <RewardTerms reward={data.reward} />
              <Group gap="xs">
                <Text size="sm">Referral ID:</Text>
                <Text size="sm" ff="monospace" fw={600}>
                  {data.referralId}
                </Text>
              </Group>
              <Text size="sm">
                Referred by:{' '}
                {data.referredBy ? (
                  <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {data.referredBy.firstName} {data.referredBy.lastName} ({data.referredBy.email})
                  </Text>
                ) : (
                  <Text span size="sm" c="dimmed">
                    Nobody — you signed up directly
                  </Text>
                )}
              </Text>
            </>
          )}
        </Stack>
      </BorderedSection>

      <TitledSection title="Referred clients">
        <PagedTable
          caption="Clients you referred"
          columns={COLUMNS}
          rows={data ? pageOf(data.referrals, paging) : undefined}
          rowKey={(r) => `${r.email}-${r.createdAt}`}
          loading={referrals.isPending}
          error={referrals.error}
          onRetry={() => void referrals.refetch()}
          emptyText={PROFILE_MSG.noReferrals}
          paging={paging}
          total={data?.referrals.length ?? 0}
          minWidth={360}
        />
      </TitledSection>
    </Stack>
  );
}
