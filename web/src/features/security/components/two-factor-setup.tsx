import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { twoFactorEnableSchema, type TwoFactorSetupAnswer } from '@common/schemas/auth';
import { CopyIconButton } from '../../../components/copy-icon-button';
import { QrCode } from '../../../components/qr-code';
import { useMutationForm } from '../../../hooks/use-mutation-form';
import { notifySuccess } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { useEnableTwoFactor } from '../api';
import { BackupCodes } from './backup-codes';
import { StepForm } from './step-form';

/** The base32 secret of an `otpauth://totp/…?secret=…` URI (for typing it into an app by hand). */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return /[?&]secret=([^&]+)/.exec(totpURI)?.[1] ?? '';
  }
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {n}. {title}
      </Title>
      {children}
    </Stack>
  );
}

function SecretKey({ secret }: { secret: string }) {
  return (
    <Stack gap={4} maw={360}>
      <Text size="sm">Can&apos;t scan it? Enter this key in the app instead (time-based):</Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid="totp-secret" fz="sm" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <CopyIconButton value={secret} tooltip="Copy key" label="Copy key" copiedLabel="Key copied" />
      </Group>
    </Stack>
  );
}

interface TwoFactorSetupProps {
  setup: TwoFactorSetupAnswer;
  /** Two-factor is on (the answer's message has been shown). */
  onEnabled: () => void;
  onCancel: () => void;
}

/**
 * The set-up screen after the password was confirmed: scan the QR code (or type the key), save the
 * backup codes, then confirm one 6-digit code from the app to turn two-factor on. A set-up started
 * before (`resumed`: a reload) says its key is the same as before and its backup codes are new.
 */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const form = useForm({ initialValues: { code: '' }, ...zodForm(twoFactorEnableSchema) });
  const request = useMutationForm(form, useEnableTwoFactor(), {
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onEnabled();
    },
  });

  return (
    <Stack gap="lg">
      <Step n={1} title="Scan the QR code">
        {setup.resumed ? (
          <Text size="sm" role="status">
            You started this set-up before: this is the same key, so if your app already has it, keep that
            entry. The backup codes below are new; the earlier ones will not work.
          </Text>
        ) : (
          <Text size="sm">
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and
            scan this code to add your account.
          </Text>
        )}
        <Group align="flex-start" gap="lg">
          <QrCode
            value={setup.totpURI}
            alt="QR code for your authenticator app"
            fallback="The QR code could not be drawn; enter the key instead."
            secret
          />
          <Stack gap="sm" maw={360}>
            {/* on a phone the code cannot be scanned by the phone itself: the link opens the app */}
            <Button component="a" href={setup.totpURI} variant="light" w="fit-content">
              Open in authenticator app
            </Button>
            <SecretKey secret={secretOf(setup.totpURI)} />
          </Stack>
        </Group>
      </Step>
      <Step n={2} title="Save your backup codes">
        <BackupCodes codes={setup.backupCodes} />
      </Step>
      <Step n={3} title="Enter the code from the app">
        <StepForm {...request} submitLabel="Enable" onCancel={onCancel}>
          <TextInput
            label="Authentication code"
            description="The 6-digit code the app shows now."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...form.getInputProps('code')}
          />
        </StepForm>
      </Step>
    </Stack>
  );
}
