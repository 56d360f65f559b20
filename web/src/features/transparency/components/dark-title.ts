/**
 * Alert colours that pass WCAG AA (Mantine's light variant puts the filled shade on a tinted
 * background: 4.3:1 for teal, less for yellow): an alert gets the lightest background and the
 * darkest text of its colour (teal 9 on teal 0 is 4.7:1). Pass `DARK_TITLE.teal` as an Alert's `vars`.
 */
const alertColor =
  (name: string, text = `var(--mantine-color-${name}-9)`) =>
  () => ({
    root: { '--alert-color': text, '--alert-bg': `var(--mantine-color-${name}-0)` },
  });

export const DARK_TITLE = {
  teal: alertColor('teal'),
  red: alertColor('red'),
  yellow: alertColor('yellow', 'var(--mantine-color-gray-9)'),
} as const;
