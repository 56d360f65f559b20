import { IconId } from '@tabler/icons-react';
import { ApiImageButton } from '../../../components/api-image-button';
import { userFile } from '../api';

/** "View front" / "View back": one side of the identity document, full size in a modal. */
export function DocumentButton({ url, side }: { url: string; side: 'front' | 'back' }) {
  return (
    <ApiImageButton
      label={`View ${side}`}
      icon={<IconId size={14} aria-hidden />}
      variant="light"
      title={`Identity document, ${side}`}
      file={url}
      fetchFile={userFile}
    />
  );
}
