import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTableCards } from './table-cards';

interface FilterPanelProps {
  /** The list's filters (selects, a date range), each a labelled field. */
  children: ReactNode;
  /** How many filters are set: the phone's button says it ("Filters (2)"), so none is forgotten. */
  active?: number;
  /** Shown before the button on a phone and before the filters wider: the list's search box. */
  search?: ReactNode;
}

/**
 * A list's filters: in a row that wraps from 768 px up; under it (where tables turn into cards) a
 * "Filters" button that shows them (a disclosure: `aria-expanded`, `aria-controls`), so on a phone
 * the list starts on the first screen. The search box, when given, stays in view at every width.
 * The fields' state lives above this component, so showing or hiding them loses no choice.
 */
export function FilterPanel({ children, active = 0, search }: FilterPanelProps) {
  const phone = useTableCards();
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  if (!phone)
    return (
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto' }}>
        {search}
        {children}
      </Group>
    );
  return (
    <Stack gap="sm" w="100%">
      {/* in a box of its own: a flex size the search brings for the row means nothing in this column */}
      {search && <div>{search}</div>}
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        aria-expanded={opened}
        aria-controls={id}
        onClick={toggle}
        style={{ alignSelf: 'flex-start' }}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <div id={id}>
        {opened && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {children}
          </Group>
        )}
      </div>
    </Stack>
  );
}
