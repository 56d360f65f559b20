/**
 * The required fields people fill in about themselves on the sign-up, sign-in, password, profile
 * and contact forms, with the browser's autofill hints; spread `form.getInputProps(...)` into them.
 */
import {
  Group,
  PasswordInput,
  Radio,
  TextInput,
  type PasswordInputProps,
  type RadioGroupProps,
  type TextInputProps,
} from '@mantine/core';
import { useId, type ComponentType, type ReactNode } from 'react';
import { GENDERS, type Gender } from '@common/constants';

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

/** How each gender reads on screen. */
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

type GenderRadiosProps = Omit<RadioGroupProps, 'children' | 'label'> & { label?: ReactNode };

/**
 * "Gender" as a required row of radios (Male, Female, Other); spread `form.getInputProps('gender')`
 * into it. With an error, each radio is drawn red, carries `aria-invalid` and is described by the
 * error (Mantine puts neither on the radios of a group), so a screen reader hears the error on
 * whichever radio it lands, and a refused submission can focus the first radio
 * (form-error-announcer.tsx).
 */
export function GenderRadios({ error, label = 'Gender', ...props }: GenderRadiosProps) {
  const errorId = `${useId()}-error`;
  const invalid = Boolean(error);
  return (
    <Radio.Group label={label} required error={error} errorProps={{ id: errorId }} {...props}>
      <Group gap="lg" mt={6}>
        {GENDERS.map((gender) => (
          <Radio
            key={gender}
            value={gender}
            label={GENDER_LABELS[gender]}
            error={invalid}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid && typeof error !== 'boolean' ? errorId : undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
