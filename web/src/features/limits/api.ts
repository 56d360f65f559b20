/**
 * TanStack Query hooks of the owner's caps table (docs/security.md "Limits by verification level"):
 * GET /api/limits/levels and PUT /api/limits/levels/:level (`limits.manage`). Amounts are USD.
 */
import type { z } from 'zod';
import type {
  levelAnswerSchema,
  levelCapsSchema,
  levelRowSchema,
  VerificationLevel,
} from '@common/schemas/limits';
import { api } from '../../lib/api-client';
import type { OrHeld } from '../../lib/held-for-approval';
import { dataQuery, useRefetchingMutation } from '../../lib/queries';

/** A level's row: its title and four caps (USD), and when they last changed. */
export type LevelRow = z.infer<typeof levelRowSchema>;
type LevelAnswer = z.infer<typeof levelAnswerSchema>;

/** What the edit dialog sends: the four caps as typed (USD, read by the server) and the reason. */
export type LevelCapsForm = z.input<typeof levelCapsSchema>;

const KEY = ['limits', 'levels'];

/** GET /limits/levels (owner): every verification level's caps, lowest level first. */
export const levelsQuery = dataQuery<LevelRow[]>(KEY, '/limits/levels');

/**
 * PUT /limits/levels/:level (owner): the level's four caps with a reason, audited; refetches the
 * table. The server refuses (400) a 30-day cap under the daily one and withdrawals at the e-mail level,
 * and holds (202, the approval request) a raise of one cap at or above the four-eyes threshold.
 */
export const useUpdateLevel = () =>
  useRefetchingMutation(
    ({ level, caps }: { level: VerificationLevel; caps: LevelCapsForm }) =>
      api.put<OrHeld<LevelAnswer>>(`/limits/levels/${encodeURIComponent(level)}`, caps),
    KEY,
  );
