import { Badge } from '@mantine/core';
import type { PlanStatus } from '@common/constants';

const COLORS: Record<PlanStatus, string> = { active: 'blue', completed: 'green' };
const LABELS: Record<PlanStatus, string> = { active: 'Active', completed: 'Completed' };

/** The state of a plan or trading activity (active or completed), as a dot badge. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge color={COLORS[status]} variant="dot" miw="max-content">
      {LABELS[status]}
    </Badge>
  );
}
