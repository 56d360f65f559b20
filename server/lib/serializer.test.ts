import Fastify, { type FastifySchema, type FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useBareTestContext } from '../test/context';
import { answerSerializerCompiler, answersKeptOnZod, checkedSerializer } from './serializer';

const answer = z.object({
  id: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  plan: z.object({ name: z.string(), days: z.number().int() }).nullable(),
  status: z.enum(['pending', 'approved']),
  lines: z.array(z.object({ at: z.string(), cents: z.number() })),
  extra: z.string().optional(),
  format: z.string().min(1).describe('a property named like a keyword'),
  session: z.union([
    z.object({ token: z.string(), at: z.iso.datetime(), kind: z.enum(['a', 'b']).nullable() }),
    z.object({ challenge: z.string(), email: z.email() }),
  ]),
});
const AT = '2026-11-27T10:00:00.000Z';

const rows: Array<[string, unknown]> = [
  [
    'every field',
    {
      id: 'a',
      amount: 1.5,
      note: 'n "q" \\ é',
      plan: { name: 'Gold', days: 30 },
      status: 'approved',
      lines: [{ at: 't', cents: -2 }],
      extra: 'x',
      format: 'pdf',
      session: { token: 'tok', at: AT, kind: 'a' },
    },
  ],
  [
    'nulls, no optional field, the other branch of a union',
    {
      id: 'b',
      amount: 0,
      note: null,
      plan: null,
      status: 'pending',
      lines: [],
      format: 'x',
      session: { challenge: 'c', email: 'o.brien+x@example.co.uk' },
    },
  ],
  [
    'undeclared properties at every level',
    {
      id: 'c',
      amount: 2,
      note: null,
      plan: { name: 'S', days: 1, secret: 1 },
      status: 'pending',
      lines: [{ at: 'u', cents: 1, secret: 2 }],
      format: 'csv',
      session: { token: 'tok', at: AT, kind: null, secret: 4 },
      secret: 3,
    },
  ],
];

/** A one-route app answering `data` with `answer` as its 200 schema, serialized by `compiler`. */
async function answerOf(compiler: FastifySerializerCompiler<FastifySchema>, data: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  app.get('/x', { schema: { response: { 200: answer } } }, async () => data as z.infer<typeof answer>);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('answers written by fast-json-stringify', () => {
  const t = useBareTestContext();

  it('covers every answer schema of the app (none is left on zod)', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/api/user/me' })).toBe(true);
    expect([...answersKeptOnZod]).toEqual([]);
  });

  for (const checked of [false, true])
    for (const [name, data] of rows)
      it(`writes what zod writes (${checked ? 'checked' : 'production'}): ${name}`, async () => {
        const fast = await answerOf(answerSerializerCompiler({ checked }), data);
        const viaZod = await answerOf(
          serializerCompiler as unknown as FastifySerializerCompiler<FastifySchema>,
          data,
        );
        expect(fast.statusCode).toBe(200);
        expect(fast.json()).toEqual(viaZod.json());
        expect(fast.body).not.toContain('secret');
      });

  it('keeps refusing, when checked, an answer that breaks its schema', async () => {
    const res = await answerOf(answerSerializerCompiler({ checked: true }), { id: 'd', amount: 'ten' });
    expect(res.statusCode).toBe(500);
  });

  it('throws, naming the route, when the two encodings differ', () => {
    const serialize = checkedSerializer(
      () => '{"a":1}',
      () => '{"a":2}',
      'GET /api/x',
    );
    expect(() => serialize({})).toThrow(/GET \/api\/x is written differently/);
    expect(
      checkedSerializer(
        () => '{"a":1,"b":2}',
        () => '{"b":2,"a":1}',
        'GET /y',
      )({}),
    ).toBe('{"b":2,"a":1}');
  });
});
