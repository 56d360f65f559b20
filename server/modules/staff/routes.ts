/**
 * /api/staff: staff management (owner only: `staff.manage`; docs/security.md "Staff roles") and
 * the public acceptance of an invitation. Every change is audited in its own transaction.
 *
 * | method | path                        | who     | body                                 | answer              |
 * | GET    | /staff?cursor&limit         | owner   | —                                    | { data: members, nextCursor? } by name (cursor pages) |
 * | GET    | /staff/export.csv           | owner   | —                                    | CSV, by last name   |
 * | POST   | /staff                      | owner   | { email, firstName, lastName, role } | 201 { message, data } (409 e-mail taken) |
 * | PATCH  | /staff/:id                  | owner   | { role }                             | { message, data } (409 self, last owner) |
 * | POST   | /staff/:id/deactivate       | owner   | —                                    | { message, data } (409 self, last owner, already) |
 * | POST   | /staff/:id/reactivate       | owner   | —                                    | { message, data } (409 self, not deactivated) |
 * | POST   | /staff/invitations/accept   | anyone  | { token, password, confirmPassword } | { message } (400 unknown, used or expired link) |
 */
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import { STAFF_MSG } from '@common/messages';
import {
  acceptInvitationSchema,
  staffInviteSchema,
  staffListAnswerSchema,
  staffListQuerySchema,
  staffMemberAnswerSchema,
  staffRoleSchema,
} from '@common/schemas/staff';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { rateLimited } from '../../lib/rate-limit';
import { formatNetworks } from '../../lib/networks';
import { conflict } from '../../lib/route-schemas';
import { presentList } from '../../lib/cursor';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { exportStaffCsv } from './export';

const tags = ['staff'];
const config = { permission: 'staff.manage' as const };
/** The routes on one member (`:id`): a staff member, never a client (server/lib/targets.ts). */
const onMember = { ...config, target: { kind: 'staff', named: 'user' } as const };
const selfOrLastOwner = conflict('The member is the caller, or the last active owner');
/** What a change to one member answers of its own (service.ts `lockForChange`). */
const CHANGE_CODES = ['staff_member_not_found', 'not_yourself', 'last_owner'] as const;

/** The owner's staff routes, registered in the staff scope under /staff. */
export async function staffAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.staff;

  route.get('', {
    summary: 'Lists the staff members by name: all, or by cursor with ?limit and ?cursor (owner)',
    schema: { response: { 200: staffListAnswerSchema }, querystring: staffListQuerySchema },
    config: { ...config, errorCodes: ['invalid_cursor'] },
    handler: async (req) => ({
      ...presentList(await svc.listPage(req.query), ({ id: _id, ...member }) => member),
      allowedNetworks: formatNetworks(app.ctx.config.staffAllowedNetworks ?? []),
    }),
  });

  declareCsvExport(app, route, {
    summary: 'Exports the staff members as CSV, by last name (owner)',
    rows: 'One row per staff member, with a header row: names, e-mail, role, two-factor, status, last sign-in (UTC)',
    permission: config.permission,
    filename: 'staff.csv',
    csv: exportStaffCsv,
  });

  route.post('', {
    summary: 'Invites a staff member: e-mails a set-password link valid 24 hours (owner)',
    schema: {
      body: staffInviteSchema,
      response: { 201: staffMemberAnswerSchema, 409: conflict('The e-mail address already has an account') },
    },
    // the e-mail names someone new: an address with an account of any kind answers 409
    config: { ...config, target: 'none', errorCodes: ['email_taken'] },
    handler: async (req, reply) => {
      const { member } = await svc.invite(auditActor(req), req.body);
      return reply.code(201).send({ message: STAFF_MSG.invited, data: member });
    },
  });

  route.patch('/:id', {
    summary: "Changes a staff member's role (owner)",
    schema: {
      params: idParams,
      response: { 200: staffMemberAnswerSchema, 409: selfOrLastOwner },
      body: staffRoleSchema,
    },
    config: { ...onMember, errorCodes: [...CHANGE_CODES] },
    handler: async (req) => ({
      message: STAFF_MSG.roleChanged,
      data: await svc.changeRole(auditActor(req), req.params.id, req.body.role),
    }),
  });

  // deactivate, reactivate and a fresh invitation link: the same shape, a change about one member
  const stateChanges = [
    {
      verb: 'deactivate',
      summary: 'Deactivates a staff member and ends all their sessions (owner)',
      refused: 'The member is the caller, the last active owner, or already deactivated',
      message: STAFF_MSG.deactivatedDone,
      change: svc.deactivate,
      codes: [...CHANGE_CODES, 'already_deactivated'],
    },
    {
      verb: 'reactivate',
      summary: 'Reactivates a deactivated staff member (owner)',
      refused: 'The member is the caller, or is not deactivated',
      message: STAFF_MSG.reactivated,
      change: svc.reactivate,
      codes: [...CHANGE_CODES, 'not_deactivated'],
    },
    {
      verb: 'resend-invitation',
      summary:
        'E-mails an invited member who has not set a password a fresh link valid 24 hours; earlier links stop working (owner)',
      refused: 'The member has set a password already, or is deactivated',
      message: STAFF_MSG.invitationResent,
      change: svc.resendInvitation,
      codes: ['staff_member_not_found', 'already_deactivated', 'invitation_not_needed'],
    },
  ] as const;
  for (const { verb, summary, refused, message, change, codes } of stateChanges) {
    route.post(`/:id/${verb}`, {
      summary,
      schema: { params: idParams, response: { 200: staffMemberAnswerSchema, 409: conflict(refused) } },
      config: { ...onMember, errorCodes: codes },
      handler: async (req) => ({ message, data: await change(auditActor(req), req.params.id) }),
    });
  }
}

/** The public route of an invited member, registered under /staff outside the staff scope. */
export async function staffInvitationRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.staff;

  route.post('/invitations/accept', {
    summary:
      "Sets an invited staff member's password with the invitation link's token (anyone with the link)",
    schema: { body: acceptInvitationSchema, response: { 200: messageAnswerSchema } },
    config: { ...rateLimited(10, 5), errorCodes: ['invitation_invalid'] },
    handler: async (req) => {
      await svc.acceptInvitation(req.body.token, req.body.password, req.ip);
      return { message: STAFF_MSG.invitationAccepted };
    },
  });
}
