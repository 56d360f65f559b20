import { List, Text } from '@mantine/core';
import { fieldLabel, fieldValue } from '../labels';
import { ReadableText } from './readable-text';

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** One value of a snapshot, readable (labels.ts `fieldValue`) and wrapping at sensible points. */
function Value({ field, value, strong }: { field: string; value: unknown; strong?: boolean }) {
  return (
    <Text span size="sm" fw={strong ? 600 : undefined}>
      <ReadableText text={fieldValue(field, value)} />
    </Text>
  );
}

/**
 * The before → after of an audit row, one line per field ("Blocked: No → Yes"), each key under its
 * human label (labels.ts) and each value readable: Yes / No, amounts in USD, dates. Values are text
 * nodes, so stored markup shows as text.
 */
export function ChangeList({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before == null && after == null) return <Text size="sm">—</Text>;
    return (
      <Text size="sm">
        <Value field="" value={before} /> → <Value field="" value={after} strong />
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
    <List size="sm" spacing={2} listStyleType="none" withPadding={false} miw={180}>
      {keys.map((key) => (
        <List.Item key={key}>
          <Text span size="sm" c="dimmed">
            {fieldLabel(key)}:
          </Text>{' '}
          {b && key in b && (
            <>
              <Value field={key} value={b[key]} /> →{' '}
            </>
          )}
          {a ? (
            <Value field={key} value={a[key]} strong />
          ) : (
            <Text span size="sm" fw={600}>
              removed
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
