import { Code, List, Text } from '@mantine/core';

/** A snapshot value as text: strings as they are, everything else as compact JSON. */
function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The before → after of an audit row, one line per field (`field: old → new`). Values are text
 * nodes, so stored markup shows as text.
 */
export function ChangeList({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before == null && after == null) return <Text size="sm">—</Text>;
    return (
      <Text size="sm">
        {show(before)} → {show(after)}
      </Text>
    );
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  if (keys.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No change
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
      {keys.map((key) => (
        <List.Item key={key}>
          <Code>{key}</Code>{' '}
          {b && key in b && (
            <Text span size="sm">
              {show(b[key])} →{' '}
            </Text>
          )}
          <Text span size="sm" fw={600}>
            {a ? show(a[key]) : 'removed'}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
