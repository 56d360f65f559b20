import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';
import { LIMITS } from '@common/constants';

interface OtpInputProps {
  value?: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  label?: string;
}

/** Six boxes for an e-mailed one-time code, labelled for screen readers. */
export function OtpInput({ value, onChange, error, label = 'One-time code (OTP)' }: OtpInputProps) {
  const id = useId();
  return (
    <Input.Wrapper label={label} error={error} labelProps={{ htmlFor: `${id}-1` }}>
      <PinInput
        id={id}
        length={LIMITS.otpLength}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        gap="xs"
        getInputProps={(index) => ({ 'aria-label': `${label}, digit ${index + 1} of ${LIMITS.otpLength}` })}
        mt={4}
      />
    </Input.Wrapper>
  );
}
