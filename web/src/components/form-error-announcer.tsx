/**
 * What every form of the app does when its own checks refuse a submission (WCAG 2.2 3.3.1 error
 * identification, 3.3.3 error suggestion, 4.1.3 status messages): focus moves to the first field
 * marked invalid, and a polite live region inside that form says how many fields need attention
 * and their messages ("2 fields need attention: First name is required, Gender is required.").
 *
 * It watches submissions at the document, after the form's own handler (`form.onSubmit` of
 * @mantine/form, which marks the fields), so every form gets it whichever wrapper or hook built its
 * handler, and reads the result from the page: a field is invalid when it carries
 * `aria-invalid="true"` (Mantine inputs do when they show an error; GenderRadios marks its radios),
 * and its message is the error its `aria-describedby` points at. A submission that passed its
 * checks leaves no field marked, and clears the summary.
 */
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorSummary } from '../lib/announcements';

/** Time between emptying the live region and filling it, so a repeated summary is said again (ms). */
const REFILL_MS = 150;

/** The controls of `form` marked invalid, in the order the form shows them (disabled and hidden ones left out). */
export function invalidControls(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].filter(
    (el) => !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

/**
 * The error message shown for `control`: the text of the elements its `aria-describedby` names
 * whose id ends in "-error" (Mantine's error slot), else its label followed by "is invalid".
 */
function errorOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'));
  const text = ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (text) return text;
  const label = control instanceof HTMLInputElement ? control.labels?.[0]?.textContent?.trim() : undefined;
  return `${label || control.getAttribute('aria-label') || 'A field'} is invalid`;
}

/**
 * Mounted once near the root (app/providers.tsx). Renders the live region into the form last
 * refused, so it stays in that form's dialog when the form is in one (content outside a modal
 * dialog is hidden from assistive technology).
 */
export function FormErrorAnnouncer() {
  const [said, setSaid] = useState<{ form: HTMLFormElement; text: string } | null>(null);

  useEffect(() => {
    let refill: number | undefined;
    // runs after React's handler (listening at the app's root, below the document) has validated
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      // the marked fields render with the handler's state update: read them on the next frame
      requestAnimationFrame(() => {
        window.clearTimeout(refill);
        const invalid = form.isConnected ? invalidControls(form) : [];
        if (invalid.length === 0) {
          setSaid((current) => (current?.form === form ? { form, text: '' } : current));
          return;
        }
        invalid[0]!.focus();
        const text = errorSummary(invalid.map(errorOf));
        setSaid({ form, text: '' });
        refill = window.setTimeout(() => setSaid({ form, text }), REFILL_MS);
      });
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      document.removeEventListener('submit', onSubmit);
      window.clearTimeout(refill);
    };
  }, []);

  if (!said?.form.isConnected) return null;
  return createPortal(
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-form-error-summary="">
      {said.text}
    </VisuallyHidden>,
    said.form,
  );
}
