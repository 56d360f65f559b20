import { describe, expect, it } from 'vitest';
import type { PublicAuditEntry } from '@common/schemas/audit';
import { recordAudit } from '../../lib/audit';
import { useBefore, useTestContext } from '../../test/context';
import { createAdmin, createClient } from '../../test/factories';

const { t, admin: owner, db } = useTestContext();
const checker = useBefore(() => createAdmin(t.app));
const client = useBefore(() => createClient(t.app));

describe('GET /api/audit: the people a row names', () => {
  it('answers the maker, checker and client of the snapshots by name, e-mail and role', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    await db().transaction((tx) =>
      recordAudit(
        tx,
        { id: checker.id, ip: '127.0.0.1' },
        {
          action: 'approval.approve',
          targetUserId: client.id,
          before: { status: 'pending', makerId: owner.id },
          after: { status: 'approved', makerId: owner.id, checkerId: checker.id, userId: gone, amount: 300 },
        },
      ),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/audit', headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (res.json() as { data: PublicAuditEntry[] }).data;
    expect(row!.actor).toMatchObject({ _id: checker.id, email: checker.email, role: 'owner' });
    expect(row!.targetUser).toMatchObject({ _id: client.id, role: 'client' });
    // each named once; an id of nobody (an erased user) is left out
    expect(row!.people.map((p) => p._id).sort()).toEqual([owner.id, checker.id].sort());
    expect(row!.people.find((p) => p._id === owner.id)).toMatchObject({
      email: owner.email,
      firstName: expect.any(String),
      lastName: expect.any(String),
      role: 'owner',
    });
  });
});
