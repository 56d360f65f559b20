import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The authenticator (or backup) code a sensitive creation asks for (an API key, a webhook
 * endpoint: server/modules/auth/fresh-factor.ts); `doing` completes "… needs your second factor".
 */
export function FreshCodeInput({ doing, ...props }: { doing: string } & TextInputProps) {
  return (
    <TextInput
      label="Authentication code"
      description={`From your authenticator app, or a backup code: ${doing} needs your second factor.`}
      autoComplete="one-time-code"
      {...props}
    />
  );
}
