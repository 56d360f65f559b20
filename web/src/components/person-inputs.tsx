/**
 * The required fields people fill in about themselves on the sign-up, sign-in, password, profile
 * and contact forms, with the browser's autofill hints; spread `form.getInputProps(...)` into them.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

/** "Email" (`type="email"`). */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/** "First name". */
export function FirstNameInput(props: TextInputProps) {
  return <TextInput label="First name" autoComplete="given-name" required {...props} />;
}

/** "Last name". */
export function LastNameInput(props: TextInputProps) {
  return <TextInput label="Last name" autoComplete="family-name" required {...props} />;
}

/** "Phone number" (`type="tel"`). */
export function PhoneInput(props: TextInputProps) {
  return <TextInput label="Phone number" type="tel" autoComplete="tel" required {...props} />;
}
