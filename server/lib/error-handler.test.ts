/**
 * The one error handler (lib/error-handler.ts) on a bare Fastify app: every failure answers
 * `{ code, message, details? }` with a code of common/errors.ts.
 */
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONEY_MSG } from '@common/messages';
import { answerError } from './error-handler';
import { AppError } from './errors';
import { postRaw } from '../test/raw-post';

const app = Fastify();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(answerError);
  const body = z.object({
    amount: z.number({ error: 'Please enter a valid amount' }),
    items: z.array(z.uuid()),
  });
  app.post('/validated', { schema: { body } }, async () => ({ ok: true }));
  app.get('/refused', async () => {
    throw new AppError('insufficient_balance');
  });
  app.get('/worded', async () => {
    throw new AppError('already_reviewed', MONEY_MSG.depositAlready('approved'));
  });
  app.get('/crash', async () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers a validation failure 400 validation_failed, the first problem first, every one in details', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: { amount: 'x', items: ['no'] },
    });
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.code).toBe('validation_failed');
    expect(answer.message).toBe(answer.details[0].message);
    expect(answer.details).toEqual(
      expect.arrayContaining([
        { path: 'amount', message: 'Please enter a valid amount' },
        expect.objectContaining({ path: 'items.0' }),
      ]),
    );
  });

  it("answers an AppError with its code, the catalogue's status and message, or the thrower's text", async () => {
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { code: 'insufficient_balance', message: MONEY_MSG.insufficientBalance },
    ]);
    const worded = await app.inject({ method: 'GET', url: '/worded' });
    expect([worded.statusCode, worded.json()]).toEqual([
      409,
      { code: 'already_reviewed', message: 'Deposit is already approved' },
    ]);
  });

  it("answers Fastify's own refusals and a crash with the catalogue's codes", async () => {
    const malformed = await postRaw(app, '/validated', 'application/json', '{');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'bad_request']);
    const media = await postRaw(app, '/validated', 'text/csv', 'a,b');
    expect([media.statusCode, media.json().code]).toEqual([415, 'unsupported_media_type']);
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect([crash.statusCode, crash.json().code]).toEqual([500, 'internal_error']);
    expect(crash.body).not.toContain('boom');
  });
});
