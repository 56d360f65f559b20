/**
 * Small builders of route schemas, so a route still declares its summary and answers (zod from
 * common/, docs/architecture.md "API contract") without repeating the parts every route of a kind
 * shares.
 */
import { errorAnswerSchema, idParams, messageAnswerSchema } from '@common/schemas/common';

/**
 * The schema of a route on one row, `/:id` (`params: idParams`): its tags, summary and answers.
 * Spread it to add a body: `{ ...rowRoute(tags, summary, response), body }`.
 */
export function rowRoute<R>(tags: string[], summary: string, response: R) {
  return { tags, summary, params: idParams, response };
}

/** A 409 answer `{ message }`, described: why the change conflicts with the row's state. */
export function conflict(description: string) {
  return errorAnswerSchema.describe(description);
}

/** The schema of a route that takes `body` and answers only `{ message }` (200). */
export function messageRoute<B>(tags: string[], summary: string, body: B) {
  return { tags, summary, body, response: { 200: messageAnswerSchema } };
}
