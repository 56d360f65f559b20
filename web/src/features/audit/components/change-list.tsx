import { List, Text } from '@mantine/core';
import { AUDIT_PERSON_KEYS, type AuditPerson } from '@common/schemas/audit';
import { fieldLabel, fieldValue } from '../labels';
import { PersonLink } from './person-link';
import { ReadableText } from './readable-text';

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const PERSON_KEYS = new Set<string>(AUDIT_PERSON_KEYS);
const blank = (v: unknown) => v === undefined || v === null;

/** Words said instead of a value: an emptied one, one never set, one this row did not change. */
function Words({ children, strong }: { children: string; strong?: boolean }) {
  return (
    <Text span size="sm" fs="italic" fw={strong ? 600 : undefined}>
      {children}
    </Text>
  );
}

/**
 * One value of a snapshot, readable (labels.ts `fieldValue`) and wrapping at sensible points; a
 * person's id (maker, checker, client) as their name and e-mail, a link to their page.
 */
function Value({
  field,
  value,
  strong,
  people,
}: {
  field: string;
  value: unknown;
  strong?: boolean;
  people: AuditPerson[];
}) {
  if (PERSON_KEYS.has(field) && typeof value === 'string') {
    const person = people.find((p) => p._id === value);
    return person ? <PersonLink person={person} /> : <Words>a user since erased</Words>;
  }
  return (
    <Text span size="sm" fw={strong ? 600 : undefined}>
      <ReadableText text={fieldValue(field, value)} />
    </Text>
  );
}

/**
 * One field's change: "before → after"; an after that is empty reads "removed" when there was a
 * value before and "not set" when there was none; a field only the before snapshot holds was not
 * changed by the action (it says what the row was), so it reads "value (unchanged)"; a field only
 * the after snapshot holds, or one both hold alike, reads as its value alone.
 */
function FieldChange({
  field,
  before,
  after,
  people,
}: {
  field: string;
  before?: { value: unknown };
  after?: { value: unknown };
  people: AuditPerson[];
}) {
  if (!after) {
    return (
      <>
        <Value field={field} value={before?.value} people={people} /> <Words>(unchanged)</Words>
      </>
    );
  }
  const had = before !== undefined && !blank(before.value);
  const shownAfter = blank(after.value) ? (
    <Words strong>{had ? 'removed' : 'not set'}</Words>
  ) : (
    <Value field={field} value={after.value} strong people={people} />
  );
  // a value the action kept (the maker of an approved request) reads once
  if (!before || JSON.stringify(before.value) === JSON.stringify(after.value)) return shownAfter;
  return (
    <>
      {had ? <Value field={field} value={before.value} people={people} /> : <Words>not set</Words>} →{' '}
      {shownAfter}
    </>
  );
}

/**
 * The before → after of an audit row, one line per field ("Blocked: No → Yes"), each key under its
 * human label (labels.ts) and each value readable: Yes / No, amounts in USD, dates, people by name
 * and e-mail (`people`: the entry's people); an empty value in words, never a bare dash. Values are
 * text nodes, so stored markup shows as text.
 */
export function ChangeList({
  before,
  after,
  people = [],
}: {
  before: unknown;
  after: unknown;
  people?: AuditPerson[];
}) {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before == null && after == null) return <Words>No details recorded</Words>;
    return (
      <Text size="sm">
        <FieldChange
          field=""
          before={before == null ? undefined : { value: before }}
          after={{ value: after }}
          people={people}
        />
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
          {a ? (
            <FieldChange
              field={key}
              before={b && key in b ? { value: b[key] } : undefined}
              after={key in a ? { value: a[key] } : undefined}
              people={people}
            />
          ) : (
            <>
              <Value field={key} value={b?.[key]} people={people} /> → <Words strong>removed</Words>
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}
