import type { SupportStatus } from '@common/schemas/support';
import { DotBadge } from '../../../components/status-badge';

/** A ticket's state as a badge (dot variant: dark text keeps contrast). */
export function TicketStatus({ status }: { status: SupportStatus }) {
  return (
    <DotBadge color={status === 'open' ? 'orange' : 'gray'}>{status === 'open' ? 'Open' : 'Closed'}</DotBadge>
  );
}
