/**
 * KYC verification review: an admin verifies or rejects the identity documents a client submitted
 * (the submission itself is server/modules/profile). One unit of work: the user's row lock, the new
 * status, its audit row (`user.verification`, before → after) and the client's notification.
 *
 * Errors (AppError): 404 unknown or deleted user; 409 unless the verification status is pending.
 */
import { eq } from 'drizzle-orm';
import { USER_ADMIN_MSG } from '@common/messages';
import type { VerificationReviewInput } from '@common/schemas/users';
import type { UserRow } from '../../db/rows';
import { users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvent } from '../../lib/webhook-events';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork } from '../../lib/unit-of-work';
import { lockUser } from '../users/lock-user';
import { notOwnRequest } from '../reviews/only-pending';

export function createKycService({ db, log, notifications }: ServiceDeps) {
  return {
    /**
     * Verifies or rejects a pending KYC submission and notifies the client; a rejection's reason is
     * kept on the user (their verification panel), in the notice and e-mail and the audit row.
     * Audit `user.verification`. Throws 404, 409 unless the status is pending.
     */
    async reviewVerification(
      actor: AuditActor,
      id: string,
      input: VerificationReviewInput,
    ): Promise<UserRow> {
      const { status } = input;
      const reason = input.status === 'rejected' ? input.reason : null;
      return withUnitOfWork(db, log, undefined, async (uow) => {
        const row = await lockUser(uow.tx, id);
        notOwnRequest(row.id, actor.id);
        if (row.verificationStatus !== 'pending') {
          throw new AppError(
            'verification_not_pending',
            USER_ADMIN_MSG.verificationNotPending(row.verificationStatus),
          );
        }
        const [updated] = await uow.tx
          .update(users)
          .set({
            verificationStatus: status,
            verificationReason: reason,
            verificationDecidedAt: new Date(),
            verificationDecidedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        await recordAudit(uow.tx, actor, {
          action: 'user.verification',
          targetUserId: id,
          targetId: id,
          before: { verificationStatus: row.verificationStatus },
          after: reason === null ? { verificationStatus: status } : { verificationStatus: status, reason },
        });
        await recordEvent(uow.tx, {
          type: status === 'verified' ? 'kyc.approved' : 'kyc.rejected',
          data: { clientId: id, ...(reason !== null && { reason }) },
        });
        await notifications.notify(
          uow,
          {
            userId: id,
            title: status === 'verified' ? USER_ADMIN_MSG.verifiedTitle : USER_ADMIN_MSG.rejectedTitle,
            message:
              reason === null
                ? USER_ADMIN_MSG.verifiedMessage
                : `${USER_ADMIN_MSG.rejectedMessage} Reason: ${reason}.`,
          },
          { kind: 'account' },
        );
        return updated!;
      });
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
