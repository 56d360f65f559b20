/**
 * Payloads of the staff management routes (/api/staff, owner only; docs/security.md "Staff roles")
 * and of the public invitation acceptance, shared by the API route schemas and the React forms.
 */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MSG, STAFF_MSG } from '../messages';
import { STAFF_ROLES } from '../permissions';
import { confirmPasswordField, emailField, passwordField } from './auth';
import { cursorQuery, messageAnswerSchema, nextCursorField, textFields } from './common';

const nameField = (label: string) =>
  z
    .string({ error: MSG.required(label) })
    .trim()
    .min(1, MSG.required(label))
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);

/** A staff role (never `client`). */
export const staffRoleField = z.enum(STAFF_ROLES, { error: STAFF_MSG.invalidRole });

/** POST /api/staff: invite a staff member (an e-mail with a set-password link, valid 24 hours). */
export const staffInviteSchema = z.object({
  email: emailField,
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  role: staffRoleField,
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
export type StaffInvite = z.output<typeof staffInviteSchema>;

/** PATCH /api/staff/:id: the member's new role. */
export const staffRoleSchema = z.object({ role: staffRoleField });
export type StaffRoleInput = z.input<typeof staffRoleSchema>;

/** POST /api/staff/invitations/accept: the link's token and the new password, twice. */
export const acceptInvitationSchema = z
  .object({
    token: z
      .string({ error: STAFF_MSG.invitationInvalid })
      .trim()
      .min(16, STAFF_MSG.invitationInvalid)
      .max(128, STAFF_MSG.invitationInvalid),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** One staff member as GET /api/staff lists them. */
export const staffMemberSchema = z.object({
  ...textFields('_id', 'firstName', 'lastName', 'email'),
  role: z.enum(STAFF_ROLES),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable().describe('The last successful sign-in, or null if never'),
  active: z.boolean().describe('False once deactivated'),
  invited: z
    .boolean()
    .describe(
      'Invited and has not set a password yet (the link may have expired: an owner can send a new one)',
    ),
  isBlocked: z
    .boolean()
    .describe('Blocked by an owner: cannot sign in (a deactivated member is not counted as blocked)'),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Answer of GET /api/staff: the members, and the networks staff may work from. */
export const staffListAnswerSchema = z.object({
  data: z.array(staffMemberSchema),
  nextCursor: nextCursorField,
  allowedNetworks: z
    .array(z.string())
    .describe(
      'STAFF_ALLOWED_NETWORKS as CIDR ranges (docs/security.md "Staff networks"); empty = any network',
    ),
});
/** GET /api/staff: every member, or cursor pages by name (docs/integrations.md "Cursor pages"). */
export const staffListQuerySchema = cursorQuery;
export type StaffListQuery = z.output<typeof staffListQuerySchema>;

export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** Answer of a change to one member: `{ message, data }`. */
export const staffMemberAnswerSchema = messageAnswerSchema.extend({ data: staffMemberSchema });
export type StaffMemberAnswer = z.infer<typeof staffMemberAnswerSchema>;
