/** How the profile's enums read on screen. */
import type { DocumentType, VerificationStatus } from '@common/constants';

export { GENDER_LABELS } from '../../components/person-inputs';

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  passport: 'Passport',
  'national-id': 'National ID card',
  'driver-license': "Driver's license",
  other: 'Other identity document',
};

/** Verification states as a badge ("failed" reads as rejected). */
export const VERIFICATION_BADGES: Record<VerificationStatus, { label: string; color: string }> = {
  awaiting: { label: 'Not verified', color: 'gray' },
  pending: { label: 'Pending review', color: 'orange' },
  verified: { label: 'Verified', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  failed: { label: 'Rejected', color: 'red' },
};
