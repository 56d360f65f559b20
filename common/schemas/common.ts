/** Small shared pieces of route schemas. */
import { z } from 'zod';

/** A row id in a path (`/:id`). */
export const idParams = z.object({ id: z.uuid('Invalid id') });

/** `?userId=` on lists an admin can narrow to one user. */
export const userIdQuery = z.object({ userId: z.uuid('Invalid id').optional() });
