import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  type TwoFactorSetupAnswer,
} from '@common/schemas/auth';
import { OnOffBadge } from '../../../components/on-off-badge';
import { CurrentPasswordInput } from '../../../components/person-inputs';
import { SectionCard } from '../../../components/section-card';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { zodForm } from '../../../lib/zod-form';
import { useDisableTwoFactor, useSetUpTwoFactor } from '../api';
import { StepForm } from './step-form';
import { TwoFactorSetup } from './two-factor-setup';

/** Asks for the password before a set-up starts; answers the new secret and backup codes. */
function PasswordStep({
  onReady,
  onCancel,
}: {
  onReady: (setup: TwoFactorSetupAnswer) => void;
  onCancel: () => void;
}) {
  const form = useForm({ initialValues: { password: '' }, ...zodForm(twoFactorSetupSchema) });
  const request = useMutationForm(form, useSetUpTwoFactor(), { onSuccess: onReady });
  return (
    <StepForm {...request} submitLabel="Continue" onCancel={onCancel}>
      <CurrentPasswordInput
        label="Current password"
        description="Confirm it is you before setting up two-factor authentication."
        autoFocus
        {...form.getInputProps('password')}
      />
    </StepForm>
  );
}

/** Turns two-factor off with the password and a code from the app (or a backup code). */
function DisableForm({ onDone }: { onDone: () => void }) {
  const form = useForm({ initialValues: { password: '', code: '' }, ...zodForm(twoFactorDisableSchema) });
  const request = useMutationForm(form, useDisableTwoFactor(), {
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onDone();
    },
  });
  return (
    <StepForm {...request} submitLabel="Disable" submitColor="red.8" onCancel={onDone}>
      <CurrentPasswordInput autoFocus {...form.getInputProps('password')} />
      <TextInput
        label="Authentication code"
        description="From your authenticator app, or one of your backup codes."
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.getInputProps('code')}
      />
    </StepForm>
  );
}

type Step =
  | { name: 'status' }
  | { name: 'password' }
  | { name: 'setup'; setup: TwoFactorSetupAnswer }
  | { name: 'disable' };

/**
 * Two-factor authentication of the signed-in user: whether it is on, and the way to turn it on
 * (password → QR code, key and backup codes → first code) or off (password and a code).
 * `onEnabled` runs once it has been turned on (the staff set-up screen goes on to the back office).
 */
export function TwoFactorPanel({ onEnabled }: { onEnabled?: () => void }) {
  const { user } = useSession();
  const [step, setStep] = useState<Step>({ name: 'status' });
  const enabled = user?.twoFactorEnabled === true;
  const toStatus = () => setStep({ name: 'status' });

  let body;
  if (step.name === 'password') {
    body = <PasswordStep onReady={(setup) => setStep({ name: 'setup', setup })} onCancel={toStatus} />;
  } else if (step.name === 'setup') {
    body = (
      <TwoFactorSetup
        setup={step.setup}
        onCancel={toStatus}
        onEnabled={() => {
          toStatus();
          onEnabled?.();
        }}
      />
    );
  } else if (step.name === 'disable' && enabled) {
    body = <DisableForm onDone={toStatus} />;
  } else if (enabled) {
    body = (
      <Button
        variant="default"
        leftSection={<IconShieldOff size={16} aria-hidden />}
        onClick={() => setStep({ name: 'disable' })}
        style={{ alignSelf: 'flex-start' }}
      >
        Disable two-factor authentication
      </Button>
    );
  } else {
    body = (
      <Button
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onClick={() => setStep({ name: 'password' })}
        style={{ alignSelf: 'flex-start' }}
      >
        Enable two-factor authentication
      </Button>
    );
  }

  return (
    <SectionCard
      title="Two-factor authentication"
      aside={<OnOffBadge on={enabled} />}
      description={
        enabled
          ? 'Signing in asks for a code from your authenticator app as well as your password.'
          : 'Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password alone cannot open your account.'
      }
      gap="md"
    >
      {body}
    </SectionCard>
  );
}
