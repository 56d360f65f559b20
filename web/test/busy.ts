/**
 * The busy submit button of a form's component test: pressed while its request is held (see
 * answers.ts `gate`), it shows "Loading..." and is disabled; once the request is let through, the
 * server's refusal shows and the button is enabled again.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses `submit`, checks it busy, opens `held` and waits for `refusal` and the button at rest. */
export async function pressWhileHeld(
  user: UserEvent,
  submit: HTMLElement,
  held: { open: () => void },
  refusal: string,
) {
  await user.click(submit);
  await waitFor(() => expect(submit).toBeDisabled());
  expect(submit).toHaveTextContent('Loading...');
  held.open();
  expect(await screen.findByText(refusal)).toBeInTheDocument();
  await waitFor(() => expect(submit).toBeEnabled());
}
