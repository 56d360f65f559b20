import { useQuery } from '@tanstack/react-query';
import { usePaging } from '../../../hooks/use-paging';
import { SectionCard } from '../../../components/section-card';
import { SignInHistoryTable } from '../../../components/sign-in-history-table';
import { signInHistoryQuery } from '../api';

/** The signed-in user's sign-in attempts, newest first, a page at a time. */
export function SignInHistoryPanel() {
  const paging = usePaging();
  const query = useQuery(signInHistoryQuery({ page: paging.page, pageSize: paging.pageSize }));
  return (
    <SectionCard
      title="Sign-in history"
      description="Every attempt to sign in to your account, successful or not."
    >
      <SignInHistoryTable caption="Sign-in history" query={query} paging={paging} />
    </SectionCard>
  );
}
