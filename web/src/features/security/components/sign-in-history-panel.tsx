import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePaging } from '../../../components/paged-table';
import { SignInHistoryTable } from '../../../components/sign-in-history-table';
import { signInHistoryQuery } from '../api';

/** The signed-in user's sign-in attempts, newest first, a page at a time. */
export function SignInHistoryPanel() {
  const paging = usePaging();
  const query = useQuery(signInHistoryQuery({ page: paging.page, pageSize: paging.pageSize }));
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="history-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="history-title">
          Sign-in history
        </Title>
        <Text size="sm" c="dimmed">
          Every attempt to sign in to your account, successful or not.
        </Text>
        <SignInHistoryTable
          caption="Sign-in history"
          page={query.data}
          paging={paging}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    </Paper>
  );
}
