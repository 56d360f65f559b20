import { Badge } from '@mantine/core';
import type { SupportStatus } from '@common/schemas/support';

/** A ticket's state as a badge (dot variant: dark text keeps contrast). */
export function TicketStatus({ status }: { status: SupportStatus }) {
  return (
    <Badge variant="dot" color={status === 'open' ? 'orange' : 'gray'} miw="max-content">
      {status === 'open' ? 'Open' : 'Closed'}
    </Badge>
  );
}
