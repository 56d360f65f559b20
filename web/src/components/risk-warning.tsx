import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { brand } from '../content/brand';

/** The risk disclosure shown on funding and trade screens (docs/product.md). */
export function RiskWarning() {
  return (
    <Alert variant="light" color="gray" icon={<IconAlertTriangle aria-hidden />} title="Risk warning">
      {brand.riskWarning}
    </Alert>
  );
}
