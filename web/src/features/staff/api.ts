/**
 * TanStack Query hooks of staff management (/api/staff, owner only) and of the public acceptance of
 * an invitation (POST /api/staff/invitations/accept).
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  AcceptInvitationInput,
  StaffInviteInput,
  StaffListAnswer,
  StaffMemberAnswer,
  StaffRoleInput,
} from '@common/schemas/staff';
import { api, type MessageAnswer } from '../../lib/api-client';
import type { OrHeld } from '../../lib/held-for-approval';
import { useRefetchingMutation } from '../../lib/queries';
import { downloadCsv } from '../../lib/save-blob';

const KEY = ['staff'];

/**
 * GET /staff (owner): every staff member with role, two-factor, last sign-in and whether active,
 * and the networks staff may work from (STAFF_ALLOWED_NETWORKS; empty = any).
 */
/** GET /staff/export.csv (owner): every staff member as CSV, saved as staff.csv. */
export const downloadStaffCsv = () => downloadCsv('/staff/export.csv', 'staff.csv');

export const staffQuery = queryOptions({
  queryKey: KEY,
  queryFn: () => api.get<StaffListAnswer>('/staff'),
});

/** POST /staff (owner): invites a member, who gets an e-mail with a set-password link. */
export const useInviteStaff = () =>
  useRefetchingMutation((body: StaffInviteInput) => api.post<StaffMemberAnswer>('/staff', body), KEY);

/** PATCH /staff/:id (owner): the member's new role. */
export const useChangeStaffRole = () =>
  useRefetchingMutation(
    ({ id, role }: { id: string } & StaffRoleInput) => api.patch<StaffMemberAnswer>(`/staff/${id}`, { role }),
    KEY,
  );

/** POST /staff/:id/deactivate (owner): no sign-in, every session ended. */
export const useDeactivateStaff = () =>
  useRefetchingMutation((id: string) => api.post<StaffMemberAnswer>(`/staff/${id}/deactivate`), KEY);

/** POST /staff/:id/reactivate (owner). */
export const useReactivateStaff = () =>
  useRefetchingMutation((id: string) => api.post<StaffMemberAnswer>(`/staff/${id}/reactivate`), KEY);

/**
 * POST /staff/:id/resend-invitation: e-mails an invited member (no password yet) a fresh link valid
 * 24 hours; their earlier links stop working. 409 once they have set a password, or deactivated.
 */
export const useResendInvitation = () =>
  useRefetchingMutation((id: string) => api.post<StaffMemberAnswer>(`/staff/${id}/resend-invitation`), KEY);

/** A security action's answer: the member changed, or (on an owner) the request a second owner decides. */
type SecurityAnswer = OrHeld<StaffMemberAnswer>;

/** POST /staff/:id/block {reason} (owner): no sign-in, every session ended; on an owner, held. */
export const useBlockStaff = () =>
  useRefetchingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<SecurityAnswer>(`/staff/${id}/block`, { reason }),
    KEY,
  );

/** POST /staff/:id/unblock (owner); on an owner, held. */
export const useUnblockStaff = () =>
  useRefetchingMutation((id: string) => api.post<SecurityAnswer>(`/staff/${id}/unblock`), KEY);

/** POST /staff/:id/reset-two-factor {reason} (owner): two-factor off, sessions ended; on an owner, held. */
export const useResetStaffTwoFactor = () =>
  useRefetchingMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<SecurityAnswer>(`/staff/${id}/reset-two-factor`, { reason }),
    KEY,
  );

/** POST /staff/invitations/accept (anyone with the link): sets the invited member's password. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: AcceptInvitationInput) => api.post<MessageAnswer>('/staff/invitations/accept', body),
  });
