import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { brand } from '../content/brand';

/**
 * The risk disclosure shown on funding and trade screens (docs/product.md): a note, not an alert
 * (it is static text, not news: role "alert" would interrupt screen readers on every page).
 */
export function RiskWarning() {
  return (
    <Alert
      role="note"
      variant="light"
      color="gray"
      icon={<IconAlertTriangle aria-hidden />}
      title="Risk warning"
    >
      {brand.riskWarning}
    </Alert>
  );
}
