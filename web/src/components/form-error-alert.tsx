import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface FormErrorAlertProps {
  message: string | null;
  title?: string;
}

/** Red banner above a form that shows a failed submission's message; renders nothing without one. */
export function FormErrorAlert({ message, title }: FormErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
