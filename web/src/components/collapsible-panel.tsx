import { Button, Collapse, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A bordered panel whose content (an Add form) is folded away until its subtle toggle button,
 * `label` with a chevron, opens it; the button reports aria-expanded and controls the element `id`.
 * Starts closed.
 */
export function CollapsiblePanel({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Button
        variant="subtle"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
        rightSection={
          opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
        }
      >
        {label}
      </Button>
      <Collapse expanded={opened} id={id}>
        {children}
      </Collapse>
    </Paper>
  );
}
