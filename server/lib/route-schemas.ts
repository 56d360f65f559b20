/**
 * The builders of route schemas: every route declares its schema with `routeSchema` (or `rowRoute`
 * for a route on `/:id`), so the OpenAPI tags, summary and answers (zod from common/,
 * docs/architecture.md "API contract") are always given in the same order, and the parts every
 * route of a kind shares (`params`, the `{ message }` answer, a 409) are written once.
 */
import { z } from 'zod';
import { errorAnswerSchema, idParams, messageAnswerSchema } from '@common/schemas/common';

/**
 * The schema of a route on one row, `/:id` (`params: idParams`): its tags, summary and answers,
 * plus whatever else it validates (`body`, `querystring`) in `more`.
 */
export function rowRoute<R, M extends object = object>(
  tags: string[],
  summary: string,
  response: R,
  more?: M,
) {
  return { tags, summary, params: idParams, response, ...(more as M) };
}

/** A 409 answer `{ message }`, described: why the change conflicts with the row's state. */
export function conflict(description: string) {
  return errorAnswerSchema.describe(description);
}

/** A 200 answer that is a CSV document (lib/csv.ts), `description` saying what a row is. */
export function csvAnswer(description: string) {
  return { description, content: { 'text/csv': { schema: z.string() } } };
}

/**
 * A 200 answer that is a zip archive (application/zip, sent as bytes: Fastify does not serialize
 * it, the schema only documents it), `description` saying what it holds.
 */
export function zipAnswer(description: string) {
  return { description, content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } } };
}

/** The schema of a route that takes `body` and answers only `{ message }` (200). */
export function messageRoute<B>(tags: string[], summary: string, body: B) {
  return { tags, summary, body, response: { 200: messageAnswerSchema } };
}

/**
 * The schema of a route: its tags, summary and answers, plus whatever else it validates (`body`,
 * `querystring`, `params`, `headers`) in `more`.
 */
export function routeSchema<R, M extends object = object>(
  tags: string[],
  summary: string,
  response: R,
  more?: M,
) {
  return { tags, summary, response, ...(more as M) };
}
