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
      {/* display-none rather than Mantine's default (a React Activity boundary): under load in CI a
          click on the form while the panel was still opening was once lost; this way the form is an
          ordinary mounted subtree that is only hidden */}
      <Collapse expanded={opened} id={id} keepMountedMode="display-none">
        {children}
      </Collapse>
    </Paper>
  );
}
