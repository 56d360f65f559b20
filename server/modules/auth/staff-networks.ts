/**
 * Staff from known networks only (docs/security.md "Staff networks"): with STAFF_ALLOWED_NETWORKS
 * set, a staff member's request or sign-in from any other address is refused with 403
 * `staff_network_refused`, and each refusal is written to the audit log (`staff.network_refused`,
 * the address and what was asked), so a stolen staff password or session used from elsewhere is
 * both stopped and seen.
 */
import { isStaffRole } from '@common/permissions';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { inNetworks, type Network } from '../../lib/networks';

/**
 * Throws AppError 403 `staff_network_refused` (after writing its audit row) when `user` is staff
 * and `ip` is outside `networks`; clients, and every address when `networks` is empty, pass.
 * `asked` names what was refused (`GET /api/user/admin`, `sign-in`).
 */
export async function checkStaffNetwork(
  db: Db,
  networks: readonly Network[] | undefined,
  user: { id: string; role: string },
  ip: string,
  asked: string,
): Promise<void> {
  if (!isStaffRole(user.role) || inNetworks(ip, networks ?? [])) return;
  await db.transaction((tx) =>
    recordAudit(
      tx,
      { id: user.id, ip },
      {
        action: 'staff.network_refused',
        targetId: user.id,
        after: { ip, asked: asked.slice(0, 200) },
      },
    ),
  );
  throw new AppError('staff_network_refused');
}
