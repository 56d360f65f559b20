/**
 * Alert title colours dark enough for WCAG AA on the light alert backgrounds (Mantine's own title
 * colour, the filled shade, is under 4.5:1 on teal and yellow); pass as an Alert's `styles`.
 */
export const DARK_TITLE = {
  teal: { title: { color: 'var(--mantine-color-teal-9)' } },
  red: { title: { color: 'var(--mantine-color-red-9)' } },
  yellow: { title: { color: 'var(--mantine-color-gray-9)' } },
} as const;
