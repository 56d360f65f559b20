import '@mantine/core/styles/Alert.layer.css';
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DARK_TITLE } from './dark-title';

/**
 * A check's warning, announced as it appears (`role="alert"`): red when something failed, yellow
 * when it could not be checked; the colours are DARK_TITLE's (WCAG AA).
 */
export function WarningAlert({
  tone,
  title,
  children,
}: {
  tone: 'red' | 'yellow';
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      color={tone}
      title={title}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      vars={DARK_TITLE[tone]}
    >
      {children}
    </Alert>
  );
}
