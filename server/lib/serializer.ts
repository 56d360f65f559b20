/**
 * How answers become JSON (docs/performance.md "The API's CPU"). Every route declares its answers
 * with zod (docs/architecture.md "API contract"). Encoding an answer with zod and then calling
 * `JSON.stringify` was about a tenth of the API's CPU on the dashboard; so each answer schema is
 * also turned once, when the route is registered, into JSON Schema (`z.toJSONSchema`, the output
 * side) and compiled by fast-json-stringify, Fastify's own serializer, which writes only the
 * declared properties, as zod's encoding does.
 *
 * - `checked: true` (every environment but production, so every API test and browser journey):
 *   each answer is encoded by zod as well, which still refuses an answer that breaks its schema
 *   (a 500, as before), and the two JSON texts must parse to the same value, else the answer fails
 *   with an error naming the route: a schema the fast path would write differently cannot pass
 *   the tests unnoticed.
 * - `checked: false` (production): the fast path only.
 * - An answer schema JSON Schema cannot express (a date, a transform) keeps zod's encoding.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * "METHOD url status" of every answer this process registered that kept zod's encoding (JSON Schema
 * cannot express it), for server/lib/serializer.test.ts to list.
 */
export const answersKeptOnZod = new Set<string>();

type SerializerCompiler = typeof zodSerializerCompiler;
type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/** The zod schema of a route's answer, as fastify-type-provider-zod accepts it (a schema or `{ properties }`). */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.ZodType ? inner : undefined;
}

/**
 * Keywords that only validate a value zod has already checked (and `default`: zod's encoding never
 * fills one in, so neither may the fast path): fast-json-stringify writes the same without them, and when it picks an `anyOf` branch by validating the answer (with another
 * validator than zod's, whose `email` or `pattern` may differ at the edges) they could only make
 * a valid answer match no branch.
 */
const NOT_WRITTEN = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'description',
  'default',
]);
/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'definitions', '$defs', 'patternProperties']);

/**
 * The JSON Schema fast-json-stringify compiles, from zod's: `anyOf: [X, {type: 'null'}]` with a
 * plain `type` in X as `type: [X.type, 'null']` (the same answers, written without trying each
 * branch with a validator), no `additionalProperties: false` (see below) and no `NOT_WRITTEN`
 * keyword.
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (NOT_WRITTEN.has(k)) continue;
    out[k] = SCHEMA_MAPS.has(k)
      ? Object.fromEntries(Object.entries(v as JsonSchema).map(([name, s]) => [name, forSerializing(s)]))
      : k === 'enum' || k === 'const' || k === 'required'
        ? v
        : forSerializing(v);
  }
  // zod strips undeclared properties, and fast-json-stringify never writes them; but it picks an
  // `anyOf` branch by validating the answer, and `additionalProperties: false` would make an answer
  // that still carries them (a row with more columns than its schema) match no branch
  if (out.additionalProperties === false) delete out.additionalProperties;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (
      nullAt >= 0 &&
      other &&
      typeof other.type === 'string' &&
      !('anyOf' in other) &&
      !('oneOf' in other) &&
      !('const' in other)
    ) {
      // `enum` holds for every type, so null joins it; the other keywords only hold for their own type
      const { anyOf: _drop, ...rest } = out;
      const nullable = { ...rest, ...other, type: [other.type, 'null'] };
      return Array.isArray(other.enum)
        ? { ...nullable, enum: [...(other.enum as unknown[]), null] }
        : nullable;
    }
  }
  return out;
}

/** fast-json-stringify's function for `schema`, or undefined when JSON Schema cannot express it. */
function fastSerializer(schema: z.ZodType): Serialize | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  const { $schema: _drop, ...rest } = json;
  return fastJson(forSerializing(rest) as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * `fast`, checked against `viaZod` on every answer: zod's encoding runs first (it throws when the
 * answer breaks its schema), and the two JSON texts must parse to the same value, else an Error
 * naming `route` ("METHOD url") is thrown.
 */
export function checkedSerializer(viaZod: Serialize, fast: Serialize, route: string): Serialize {
  return (data) => {
    const expected = viaZod(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
      throw new Error(
        `the answer of ${route} is written differently by fast-json-stringify: ${written.slice(0, 500)} instead of ${expected.slice(0, 500)}`,
      );
    return written;
  };
}

/**
 * The serializer compiler of the app (`app.setSerializerCompiler`): fast-json-stringify from each
 * answer's zod schema, checked against zod's own encoding when `checked` (see the module header).
 * Throws, when checked, an Error naming the method and URL if the two encodings differ.
 */
export function answerSerializerCompiler(opts: {
  checked: boolean;
}): FastifySerializerCompiler<FastifySchema> {
  const compile: SerializerCompiler = (route) => {
    const viaZod = zodSerializerCompiler(route);
    const schema = zodSchemaOf(route.schema);
    const fast = schema && fastSerializer(schema);
    if (!fast) {
      answersKeptOnZod.add(`${route.method} ${route.url} ${String(route.httpStatus)}`);
      return viaZod;
    }
    return opts.checked ? checkedSerializer(viaZod, fast, `${route.method} ${route.url}`) : fast;
  };
  return compile as unknown as FastifySerializerCompiler<FastifySchema>;
}
