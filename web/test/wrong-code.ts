/**
 * A form that needs an authentication code, tried with a wrong code first (component tests of the
 * API key and webhook dialogs): the server's side, `wrongCodeFirst`, refuses the first call as a
 * wrong code; the person's side, `submitWrongCodeThenRight`, sends `WRONG_CODE`, sees the refusal
 * in the dialog and sends `RIGHT_CODE`.
 */
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { pasteInto, type renderScreen } from './render';

/** The code the first submission sends, which `wrongCodeFirst` refuses. */
export const WRONG_CODE = '000000';
/** The code the second submission sends. */
export const RIGHT_CODE = '123456';

/**
 * A resolver that answers the first call 400 `invalid_authentication_code` ("Invalid code"), and
 * every call after it with `answer`. Written inside `http.post(path, …)`, `answer` keeps the
 * handler's typing.
 */
export function wrongCodeFirst<Resolver extends (info: never) => unknown>(
  answer: NoInfer<Resolver>,
): Resolver {
  let calls = 0;
  const resolve = (info: Parameters<Resolver>[0]) => {
    calls += 1;
    if (calls > 1) return answer(info);
    const refusal = { code: 'invalid_authentication_code', message: 'Invalid code' };
    return (info as { response: { untyped: (r: Response) => unknown } }).response.untyped(
      Response.json(refusal, { status: 400 }),
    );
  };
  return resolve as unknown as Resolver;
}

/**
 * In `dialog`, fills the "Authentication code" field with `WRONG_CODE` and clicks the button named
 * `submit`; asserts the dialog shows the refusal ("Invalid code"); then sends `RIGHT_CODE` the same
 * way.
 */
export async function submitWrongCodeThenRight(
  user: ReturnType<typeof renderScreen>['user'],
  dialog: HTMLElement,
  submit: string,
) {
  await pasteInto(user, within(dialog).getByLabelText(/^Authentication code/), WRONG_CODE);
  await user.click(within(dialog).getByRole('button', { name: submit }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid code');
  await pasteInto(user, within(dialog).getByLabelText(/^Authentication code/), RIGHT_CODE);
  await user.click(within(dialog).getByRole('button', { name: submit }));
}
