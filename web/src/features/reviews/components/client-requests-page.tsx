import { Anchor, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClientReviewFacts } from '@common/schemas/review-facts';
import { Link } from 'react-router';
import type { RequestStatus } from '@common/schemas/deposits';
import { paths } from '../../../config/paths';
import { ClientPageTitle } from '../../../components/admin/client-page';
import { useClientRoute } from '../../../components/admin/use-client-route';
import { PagedTable, pageOf, queryStatus, type Column } from '../../../components/paged-table';
import { usePaging } from '../../../hooks/use-paging';
import { clientRequestsQuery, clientReviewFactsQuery, downloadClientRequestsCsv } from '../api';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { HeadingRow } from '../../../components/heading-row';
import { REVIEW_KINDS, type ReviewKind } from '../kinds';
import { reviewColumns } from './review-columns';
import type { ReviewFacts } from './review-facts';

/** The other back-office pages of the same client. */
function ClientLinks({ id, name }: { id: string; name?: string }) {
  const links = [
    { label: 'Deposits', to: paths.admin.deposits(id, name) },
    { label: 'Crypto withdrawals', to: paths.admin.cryptoWithdrawals(id, name) },
    { label: 'Bank withdrawals', to: paths.admin.bankWithdrawals(id, name) },
    { label: 'Transactions', to: paths.admin.transactions(id, name) },
  ];
  return (
    <Group gap="md" style={{ rowGap: 4 }} component="nav" aria-label="This client">
      {links.map((link) => (
        <Anchor key={link.label} component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * A request's facts from the client's (GET /reviews/client/:id): their identity, and a withdrawal's
 * full destination and whether it is new (a deposit's, or one not listed, has none).
 */
function reviewFactsOf(facts: ClientReviewFacts | undefined) {
  const withdrawals = new Map(facts?.withdrawals.map((w) => [w._id, w]));
  return (r: { _id: string }): ReviewFacts | undefined => {
    if (!facts) return undefined;
    const w = withdrawals.get(r._id);
    return {
      identity: facts.identity,
      destination: w?.destination ?? null,
      newDestination: w?.newDestination ?? null,
    };
  };
}

interface ClientRequestsPageProps<Row> {
  kind: ReviewKind;
  /** The page's h1, followed by the client's name (see `ClientPageTitle`). */
  title: string;
  /** The kind's own columns, between Date and Amount. */
  columns: Column<Row>[];
}

/**
 * /admin/deposits/:id, /admin/crypto-withdrawals/:id and /admin/bank-withdrawals/:id:
 * one client's requests of a kind, newest first, each with the client's identity, a withdrawal's
 * new destination flagged, and approve, reject/decline and delete; "Export CSV" saves them all.
 */
export function ClientRequestsPage<
  Row extends {
    _id: string;
    amount: number;
    status: RequestStatus;
    createdAt: string;
    reason: string | null;
  },
>({ kind, title, columns }: ClientRequestsPageProps<Row>) {
  const { id, name } = useClientRoute();
  const query = useQuery(clientRequestsQuery<Row>(kind, id));
  const facts = useQuery(clientReviewFactsQuery(id)).data;
  const factsOf = useMemo(() => reviewFactsOf(facts), [facts]);
  const paging = usePaging();
  const rows = query.data ?? [];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <HeadingRow
          heading={<ClientPageTitle title={title} />}
          action={
            <ExportCsvButton
              download={() => downloadClientRequestsCsv(kind, id)}
              failure="The export failed"
            />
          }
        />
        <ClientLinks id={id} name={name} />
      </Stack>
      <PagedTable<Row>
        caption={title}
        columns={[
          reviewColumns.date,
          ...columns,
          reviewColumns.amount,
          ...reviewColumns.review(kind, name, factsOf),
        ]}
        rows={query.data && pageOf(rows, paging)}
        {...queryStatus(query)}
        emptyText={`No ${REVIEW_KINDS[kind].label.toLowerCase()}s found`}
        paging={paging}
        total={rows.length}
        minWidth={820}
      />
    </Stack>
  );
}
