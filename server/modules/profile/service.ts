/**
 * Profile (/account/profile, /account/referrals): profile edits, pictures, verification upload and
 * the referral page with masked e-mails (docs/product.md).
 *
 * - `updateProfile`: name, phone, country (from the shared list) and — only when none is stored —
 *   gender.
 * - `setProfilePicture` / `readProfilePicture`: one PNG or JPEG of at most 2,000,000 bytes, checked
 *   by its bytes and re-encoded (files/images.ts); the previous file is removed once the new one is
 *   committed.
 * - `submitVerification` / `readDocument`: identity documents (front required, back optional, each a
 *   PNG or JPEG of at most 5 MiB, the deposit proof limit), accepted only while the verification is
 *   awaiting or rejected/failed; the status becomes pending. Files are served only to their owner
 *   or an admin, never from a public path.
 * - `findReferrals`: a client's referral link, referrer and referred clients (e-mails masked).
 * - `exportData`: "Download my data", the client's own data as a zip (data-export.ts).
 *
 * Errors: AppError 400 (bad image, gender change), 403 (another client's file or referrals),
 * 404 (no such user or file), 409 (verification not open for upload), 413 (image too large).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AccountPlan, VerificationStatus } from '@common/constants';
import { MONEY_MSG, PROFILE_MSG } from '@common/messages';
import {
  canUploadVerification,
  DOCUMENT_MAX_BYTES,
  PROFILE_PICTURE_MAX_BYTES,
  type DocumentSide,
  type ReferralsAnswer,
  type UpdateProfileInput,
  type VerificationInput,
} from '@common/schemas/profile';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction } from '../../lib/unit-of-work';
import { recordEvent } from '../../lib/webhook-events';
import {
  mimeOfKey,
  readImageDataUrl,
  type CleanImage,
  type ImageMime,
  type ImageRules,
} from '../files/images';
import type { UserRow } from '../../db/rows';
import { assertOwnerOrStaff } from '../../lib/list-owner';
import type { Permission } from '@common/permissions';
import { maskEmail } from './mask-email';
import { buildDataExport, type DataExport } from './data-export';

/** Profile pictures and identity documents: PNG or JPEG by their bytes. */
const IMAGE_RULES: ImageRules = {
  types: ['image/png', 'image/jpeg'],
  typeMessage: PROFILE_MSG.imageType,
  unreadableMessage: PROFILE_MSG.imageUnreadable,
};

/** A stored file as a file route sends it. */
export interface StoredImage {
  data: Buffer;
  mime: ImageMime;
}

export function createProfileService({ db, log, config, storage }: ServiceDeps) {
  async function lockUser(tx: Tx, id: string): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new AppError('user_not_found');
    return row;
  }

  /**
   * Reads the stored file of `userId` that `pick` names, for its owner or staff with `permission`;
   * staff read another person's files only when that person is a client (another staff member's
   * answer 404: docs/security.md "Separation of duties"). Throws 403, 404.
   */
  async function readUserFile(
    viewer: UserRow,
    userId: string,
    pick: (row: UserRow) => string | null,
    permission: Permission = 'clients.read',
  ): Promise<StoredImage> {
    assertOwnerOrStaff(viewer, userId, permission);
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    const key = row && (row.id === viewer.id || row.role === 'client') ? pick(row) : null;
    if (!key) throw new AppError('not_found');
    const data = await storage.get(key);
    if (!data) throw new AppError('not_found');
    return { data, mime: mimeOfKey(key) };
  }

  /** Stores a cleaned image under `folder/<userId>/<uuid>.<ext>`; removed again if the transaction rolls back. */
  async function storeImage(
    { afterRollback }: { afterRollback(task: () => Promise<unknown>): void },
    folder: 'profile-pictures' | 'kyc',
    userId: string,
    image: CleanImage,
  ): Promise<string> {
    const key = `${folder}/${userId}/${randomUUID()}.${image.ext}`;
    await storage.put(key, image.data);
    afterRollback(() => storage.delete(key));
    return key;
  }

  return {
    /**
     * Saves the client's name, phone and country (one of COUNTRY_NAMES, checked by the schema);
     * gender only when none is stored yet (it is disabled on edit). Answers the updated row.
     * Throws 400 `genderLocked` when asked to change a stored gender.
     */
    async updateProfile(user: UserRow, input: UpdateProfileInput): Promise<UserRow> {
      return inTransaction(db, log, async ({ tx }) => {
        const current = await lockUser(tx, user.id);
        if (input.gender && current.gender && input.gender !== current.gender) {
          throw new AppError('gender_locked');
        }
        const [row] = await tx
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            name: `${input.firstName} ${input.lastName}`,
            phone: input.phone,
            country: input.country,
            gender: current.gender ?? input.gender ?? null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        return row!;
      });
    },

    /**
     * Replaces the client's profile picture with the cleaned `dataUrl` image and answers the updated
     * row; the old file is deleted after commit. Throws 413 "Image shouldn't be more than 2mb!"
     * (judged before decoding) and 400 when the bytes are not a readable PNG or JPEG.
     */
    async setProfilePicture(user: UserRow, dataUrl: string): Promise<UserRow> {
      const image = await readImageDataUrl(
        dataUrl,
        PROFILE_PICTURE_MAX_BYTES,
        PROFILE_MSG.imageTooLarge,
        IMAGE_RULES,
      );
      return inTransaction(db, log, async (uow) => {
        const current = await lockUser(uow.tx, user.id);
        const key = await storeImage(uow, 'profile-pictures', user.id, image);
        const [row] = await uow.tx
          .update(users)
          .set({ profilePictureKey: key, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        const old = current.profilePictureKey;
        if (old) uow.afterCommit(() => storage.delete(old));
        return row!;
      });
    },

    /** The profile picture of `userId` for its owner or staff who read clients. Throws 403, 404 (none). */
    readProfilePicture(viewer: UserRow, userId: string): Promise<StoredImage> {
      return readUserFile(viewer, userId, (row) => row.profilePictureKey);
    },

    /**
     * Records the client's identity documents and sets the verification status to pending with
     * the submission time; address and state replace the stored location. Allowed only while the
     * status is awaiting or rejected/failed, else 409 (`verificationLocked`). Each image is
     * checked like a profile picture, up to 5 MiB: 413 "File size should be less than 5MB", 400 not a
     * readable PNG or JPEG. Files of an earlier (rejected) submission are deleted after commit.
     */
    async submitVerification(user: UserRow, input: VerificationInput): Promise<UserRow> {
      const locked = (status: string) =>
        new AppError('verification_locked', PROFILE_MSG.verificationLocked(status));
      // A cheap early answer before decoding anything; re-checked under the row lock below.
      if (!canUploadVerification(user.verificationStatus as VerificationStatus))
        throw locked(user.verificationStatus);
      const front = await readImageDataUrl(
        input.documentFront,
        DOCUMENT_MAX_BYTES,
        MONEY_MSG.fileTooLarge,
        IMAGE_RULES,
      );
      const back = input.documentBack
        ? await readImageDataUrl(input.documentBack, DOCUMENT_MAX_BYTES, MONEY_MSG.fileTooLarge, IMAGE_RULES)
        : null;
      return inTransaction(db, log, async (uow) => {
        const current = await lockUser(uow.tx, user.id);
        if (!canUploadVerification(current.verificationStatus as VerificationStatus))
          throw locked(current.verificationStatus);
        const frontKey = await storeImage(uow, 'kyc', user.id, front);
        const backKey = back ? await storeImage(uow, 'kyc', user.id, back) : null;
        const [row] = await uow.tx
          .update(users)
          .set({
            documentType: input.documentType,
            documentFrontKey: frontKey,
            documentBackKey: backKey,
            address: input.address,
            state: input.state,
            verificationStatus: 'pending',
            verificationSubmittedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        await recordEvent(uow.tx, {
          type: 'kyc.submitted',
          data: { clientId: user.id, documentType: input.documentType },
        });
        for (const old of [current.documentFrontKey, current.documentBackKey]) {
          if (old) uow.afterCommit(() => storage.delete(old));
        }
        return row!;
      });
    },

    /**
     * One side of the identity document of `userId` for its owner or staff who review KYC
     * (`kyc.review`). Throws 403, 404 (none).
     */
    readDocument(viewer: UserRow, userId: string, side: DocumentSide): Promise<StoredImage> {
      return readUserFile(
        viewer,
        userId,
        (row) => (side === 'front' ? row.documentFrontKey : row.documentBackKey),
        'kyc.review',
      );
    },

    /**
     * The referral page of `userId` (the viewer's own, or anyone's for an admin): the code, the
     * sign-up link `{PUBLIC_URL}/signup?referral={code}`, who referred them, and the clients they
     * referred, newest first, with masked e-mails (docs/product.md), and the percent of each
     * approved deposit of a referred client that their plan earns them. Erased users are left out.
     * Throws 403 (another client's id), 404 (no such user).
     */
    async findReferrals(viewer: UserRow, userId: string): Promise<ReferralsAnswer> {
      assertOwnerOrStaff(viewer, userId);
      const [owner] = await db
        .select({ referralId: users.referralId, referredBy: users.referredBy, plan: users.accountPlan })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      if (!owner) throw new AppError('user_not_found');
      const [referrer, referred] = await Promise.all([
        owner.referredBy
          ? db
              .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(and(eq(users.id, owner.referredBy), isNull(users.deletedAt)))
              .limit(1)
          : Promise.resolve([]),
        db
          .select({ email: users.email, createdAt: users.createdAt })
          .from(users)
          .where(and(eq(users.referredBy, userId), isNull(users.deletedAt)))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(1000),
      ]);
      return {
        referralId: owner.referralId,
        link: `${config.publicUrl}/signup?referral=${encodeURIComponent(owner.referralId)}`,
        referredBy: referrer[0] ?? null,
        referrals: referred.map((r) => ({ email: maskEmail(r.email), createdAt: r.createdAt.toISOString() })),
        // the rate a deposit approval pays the referrer (deposits/approval.ts), by their plan today
        reward: { percent: config.money.referralRates[owner.plan as AccountPlan] ?? 0, plan: owner.plan },
      };
    },

    /**
     * The client's own data as one zip (GDPR art. 15 and 20; data-export.ts says what it holds and
     * in which units, and what it leaves out), named `my-data-YYYY-MM-DD.zip`. Throws 404 when the
     * user is gone.
     */
    exportData(user: UserRow): Promise<DataExport> {
      return buildDataExport(db, user.id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
