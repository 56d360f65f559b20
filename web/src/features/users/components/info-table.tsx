import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

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
