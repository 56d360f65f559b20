/**
 * Shapes of API answers both sides read. Amounts are USD decimals.
 */
import type { z } from 'zod';
import type { errorAnswerSchema } from './schemas/common';

export type { PublicUser } from './schemas/users';
export type { SignedInAnswer, SigninAnswer, TwoFactorChallengeAnswer } from './schemas/auth';

/** Every error answer (docs/architecture.md, "How a request flows"). */
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
