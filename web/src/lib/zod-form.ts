/** Glue between zod schemas (common/schemas) and @mantine/form. */
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

/**
 * `useForm` options that validate with `schema` and hand the submit handler the parsed output
 * (trimmed, typed values), e.g. `useForm({ initialValues, ...zodForm(signinSchema) })`.
 */
export function zodForm<S extends z.ZodType>(schema: S) {
  return {
    validate: schemaResolver(schema, { sync: true }),
    // Runs only after validation passed, so parsing cannot fail here.
    transformValues: (values: unknown): z.output<S> => schema.parse(values),
  };
}
