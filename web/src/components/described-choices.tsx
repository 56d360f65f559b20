import { Checkbox, SimpleGrid } from '@mantine/core';

/**
 * The checkboxes of a `Checkbox.Group` over a fixed list (permissions, event types), two columns
 * from the small breakpoint, each named by its value and described by `describe(value)`.
 */
export function DescribedChoices<T extends string>({
  values,
  describe,
}: {
  values: readonly T[];
  describe: (value: T) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
      {values.map((value) => (
        <Checkbox key={value} value={value} label={value} description={describe(value)} />
      ))}
    </SimpleGrid>
  );
}
