import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserWithFigures } from '@common/schemas/users';
import { formatUsd } from '../../../lib/format';

/** Label → value rows (a vertical table: each label is the row's header cell). */
export function InfoTable({ label, rows }: { label: string; rows: Array<[string, ReactNode]> }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={{ base: 130, sm: 180 }}>{name}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The client's figures from the ledger (USD) as InfoTable rows: available balance, held for
 * withdrawals, invested, total deposited, total profit, referral bonus.
 */
export function ledgerFigureRows(a: UserWithFigures['account']): Array<[string, ReactNode]> {
  return [
    ['Balance (available)', formatUsd(a.balance)],
    ['Held for withdrawals', formatUsd(a.held)],
    ['Invested in a plan', formatUsd(a.invested)],
    ['Total deposited', formatUsd(a.totalDeposit)],
    ['Total profit', formatUsd(a.totalProfit)],
    ['Referral bonus', formatUsd(a.referralBonus)],
  ];
}
