/**
 * Mantine theme. Colour choices pass WCAG AA with axe (the e2e journeys check it): filled buttons use shade 8
 * under white text, dimmed and error texts are darkened, and the toast close button gets a name.
 * Required fields carry no asterisk (their inputs are still `required`); optional ones say so in
 * their label, so a label reads exactly as its field's name. Every control shows one keyboard focus
 * ring, a 2 px outline with at least 3:1 contrast, white on dark surfaces (focus-ring.css).
 */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';
// the focus ring of every control, inputs included (its rules and contrast figures are in the file)
import './focus-ring.css';
// buttons and tabs never narrower than their label (the file says how)
import './controls.css';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Mantine's own ring only on keyboard focus; focus-ring.css gives every control (inputs too) the same one
  focusRing: 'auto',
  // dialogs, menus and toasts appear without their transitions for a user who asks the system for
  // reduced motion (WCAG 2.3.3); the journeys run so, so a click never lands on a dialog still moving
  respectReducedMotion: true,
  components: {
    // Plain objects rather than `Component.extend(...)`: importing the components here would put
    // them in the entry chunk of every page.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/** Darker "dimmed" and "error" text colours than Mantine's defaults, for contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
