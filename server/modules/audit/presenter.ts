/** What of an audit row leaves the server (GET /api/audit): the original `_id` naming, ISO times. */
import type { AuditPerson, PublicAuditEntry } from '@common/schemas/audit';
import type { AuditRow, AuditRowPerson } from './service';

/** The actor shown for an action made on the command line (`npm run staff`), where nobody signs in. */
const COMMAND_LINE: AuditPerson = {
  _id: '',
  email: 'command line',
  firstName: 'Command',
  lastName: 'line',
  role: '',
};

/** A person of an audit row with the `_id` naming. */
export function presentAuditPerson(p: AuditRowPerson): AuditPerson {
  return { _id: p.id, email: p.email, firstName: p.firstName, lastName: p.lastName, role: p.role };
}

export function presentAuditEntry(row: AuditRow): PublicAuditEntry {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: row.actor ? presentAuditPerson(row.actor) : COMMAND_LINE,
    apiKey: row.apiKey,
    targetUser: row.target ? presentAuditPerson(row.target) : null,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    people: row.people.map(presentAuditPerson),
  };
}
