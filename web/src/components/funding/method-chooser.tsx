import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** One way to pay in or out. */
export interface FundingMethod {
  label: string;
  description: string;
  to: string;
  icon: Icon;
  color: string;
}

/** The deposit and withdrawal choosers: one card-link per method. */
export function MethodChooser({ methods }: { methods: FundingMethod[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {methods.map(({ label, description, to, icon: MethodIcon, color }) => (
        <UnstyledButton key={to} component={Link} to={to}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden>
                <MethodIcon size={28} />
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Text fw={700}>{label}</Text>
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              </div>
              <IconChevronRight size={18} aria-hidden />
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
