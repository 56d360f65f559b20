import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { BENEFICIARY_MSG } from '@common/schemas/beneficiaries';
import { CardStack } from '../../../components/card-list';
import { LoadError } from '../../../components/load-error';
import { PageTitle } from '../../../components/page-title';
import { SectionCard } from '../../../components/section-card';
import { toastOutcome } from '../../../lib/notify';
import { myBeneficiariesQuery, useConfirmBeneficiary } from '../api';
import { AddDestinationForm } from '../components/add-destination-form';
import { DestinationCard } from '../components/destination-card';

/** The client's destinations, newest first: skeleton, retry on failure, empty text. */
function MyDestinations() {
  const query = useQuery(myBeneficiariesQuery);
  if (query.error && !query.data) {
    return (
      <LoadError what="your withdrawal addresses" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your withdrawal addresses">
        <Skeleton height={96} radius="md" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  }
  if (query.data.length === 0)
    return <Text c="dimmed">Your address book is empty: add a destination above.</Text>;
  return (
    <CardStack label="Your withdrawal addresses">
      {query.data.map((d) => (
        <DestinationCard key={d._id} d={d} />
      ))}
    </CardStack>
  );
}

/**
 * /account/withdrawal-addresses (docs/security.md "Withdrawal address book"): the add form and the
 * client's destinations with their state. Opened from the e-mailed link (`?confirm=<token>`), it
 * confirms that destination once and drops the token from the address.
 */
export function WithdrawalAddressesPage() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmBeneficiary();
  const token = params.get('confirm');
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, toastOutcome(BENEFICIARY_MSG.confirmed, BENEFICIARY_MSG.linkInvalid));
    setParams({}, { replace: true });
  }, [token, confirm, setParams]);

  return (
    <Stack gap="lg" w="100%" maw={840} mx="auto">
      <PageTitle
        title="Withdrawal addresses"
        description="Withdrawals go only to the destinations of this address book that are active: each new one is confirmed by an e-mailed link, then waits before it can be used."
      />
      <SectionCard title="Add a destination">
        <AddDestinationForm />
      </SectionCard>
      <SectionCard title="Your destinations">
        <MyDestinations />
      </SectionCard>
    </Stack>
  );
}
