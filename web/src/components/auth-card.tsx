import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

interface AuthCardProps {
  /** The page's h1. */
  title: string;
  description?: ReactNode;
  /** The card's largest width in px (480 by default). */
  width?: number;
  children: ReactNode;
}

/**
 * The centred card every sign-in, sign-up and password page is built in, and the pages an e-mailed
 * account link opens ("This wasn't me").
 */
export function AuthCard({ title, description, width = 480, children }: AuthCardProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'md', xs: 'xl' }}
      w="100%"
      maw={width}
      mx="auto"
      my="xl"
    >
      <Stack gap="md">
        <PageTitle title={title} description={description} fz={{ base: 24, xs: 28 }} />
        {children}
      </Stack>
    </Paper>
  );
}

interface AuthSwitchProps {
  /** The question before the link ("Already have an account?"). */
  question: string;
  to: string;
  children: ReactNode;
}

/** The centred line under an auth form that leads to its sibling page ("Already have an account? Sign in"). */
export function AuthSwitch({ question, to, children }: AuthSwitchProps) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
