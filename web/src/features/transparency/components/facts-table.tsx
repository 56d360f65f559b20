import '@mantine/core/styles/Table.layer.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label–value rows of a transparency panel (a vertical table named `label`); long values wrap anywhere. */
export function FactsTable({ label, rows }: { label: string; rows: Array<[string, ReactNode]> }) {
  return (
    <Table variant="vertical" withRowBorders={false} verticalSpacing={4} aria-label={label} layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th fw={500} w={{ base: 110, sm: 170 }} style={{ verticalAlign: 'top' }}>
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
