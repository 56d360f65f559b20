import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { tierLines, tradingAccounts } from '../../../content/packages';

/**
 * The Trading Accounts cards: minimum deposit, what every tier includes and the operator's own
 * conditions (content/packages.ts); every card's Open an Account goes to /signup. Five cards share a row
 * from 1200 px, where a card is about 215 px wide: padding and button insets are narrower there, so
 * the button's label keeps its full width.
 */
export function Pricing() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
      {tradingAccounts.packages.map((pkg) => (
        <Paper
          key={pkg.name}
          withBorder
          radius="md"
          p={{ base: 'lg', lg: 'md' }}
          shadow={pkg.highlighted ? 'md' : undefined}
          style={
            pkg.highlighted ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined
          }
        >
          <Stack gap="sm" h="100%">
            <Stack gap={4}>
              <Title order={3} fz="lg">
                {pkg.name}
                {pkg.highlighted && (
                  <Badge ml="xs" size="sm" variant="light" style={{ verticalAlign: 'middle' }}>
                    Popular
                  </Badge>
                )}
              </Title>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Minimum deposit
              </Text>
              <Text fz={28} fw={800} lh={1.1}>
                {pkg.minimumDeposit}
              </Text>
            </Stack>
            <List
              size="sm"
              spacing={4}
              icon={
                <ThemeIcon size={18} radius="xl" color="teal.8" aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              }
              style={{ flex: 1 }}
            >
              {tierLines(pkg).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Button
              component={Link}
              to={paths.signup}
              variant={pkg.highlighted ? 'filled' : 'light'}
              fullWidth
              px="xs"
              aria-label={`${tradingAccounts.cta}: ${pkg.name}`}
            >
              {tradingAccounts.cta}
            </Button>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
