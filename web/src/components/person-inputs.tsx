/**
 * The required fields people fill in about themselves on the sign-up, sign-in, password, profile
 * and contact forms, with the browser's autofill hints; spread `form.getInputProps(...)` into them.
 */
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { ComponentType } from 'react';

/**
 * `Input` as a required field with its `label`, autofill hint and input `type` (text by default);
 * the caller's props win, so a form can relabel it.
 */
function requiredField<P extends object>(
  Input: ComponentType<P>,
  label: string,
  autoComplete: string,
  type?: string,
) {
  return function RequiredField(props: P) {
    return <Input label={label} type={type} autoComplete={autoComplete} required {...props} />;
  };
}

/** "Email" (`type="email"`). */
export const EmailInput = requiredField<TextInputProps>(TextInput, 'Email', 'email', 'email');

/** "First name". */
export const FirstNameInput = requiredField<TextInputProps>(TextInput, 'First name', 'given-name');

/** "Last name". */
export const LastNameInput = requiredField<TextInputProps>(TextInput, 'Last name', 'family-name');

/** "Phone number" (`type="tel"`). */
export const PhoneInput = requiredField<TextInputProps>(TextInput, 'Phone number', 'tel', 'tel');

/** A password the user already has ("Password" unless labelled otherwise). */
export const CurrentPasswordInput = requiredField<PasswordInputProps>(
  PasswordInput,
  'Password',
  'current-password',
);

/** A password the user chooses now, or its confirmation ("Password" unless labelled otherwise). */
export const NewPasswordInput = requiredField<PasswordInputProps>(PasswordInput, 'Password', 'new-password');
