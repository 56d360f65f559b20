import { IconPhoto } from '@tabler/icons-react';
import { ApiImageButton } from '../../../components/api-image-button';
import { proofImage } from '../api';

/** "View proof": opens a deposit's proof image full size in a modal. */
export function ProofButton({ depositId }: { depositId: string }) {
  return (
    <ApiImageButton
      label="View proof"
      icon={<IconPhoto size={14} aria-hidden />}
      variant="subtle"
      title="Proof of payment"
      file={depositId}
      fetchFile={proofImage}
    />
  );
}
