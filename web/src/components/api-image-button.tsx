import { Alert, Button, type ButtonProps, Center, Image, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client';

/** Where an image comes from: `fetchFile(file)` answers it as a Blob (fetched with the session's token). */
interface ImageSource {
  file: string;
  fetchFile: (file: string) => Promise<Blob>;
}

/**
 * Fetches the image with the session's token and shows it from an object URL, released when the
 * image unmounts (the modal closes); a red alert when the fetch fails.
 */
function ApiImage({ file, fetchFile, alt }: ImageSource & { alt: string }) {
  const [src, setSrc] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    fetchFile(file).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      (e: unknown) => live && setError(errorMessage(e, 'The image could not be loaded')),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, fetchFile]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!src) {
    return (
      <Center mih={200}>
        <Loader aria-label="Loading image" />
      </Center>
    );
  }
  return (
    <Image src={src} alt={alt} fit="contain" w="auto" maw="min(calc(100vw - 4.5rem), 1400px)" mah="78vh" />
  );
}

/**
 * A small button (`label`, `icon`, `variant`) that opens an image the API serves only to a signed-in
 * user (a deposit's proof, an identity document) full size in a modal titled `title`; the image is
 * fetched when the modal opens and its alt text is "`title`, full size".
 */
export function ApiImageButton({
  label,
  icon,
  variant,
  title,
  ...source
}: ImageSource & { label: string; icon: ReactNode; variant: ButtonProps['variant']; title: string }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant={variant} leftSection={icon} onClick={modal.open}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={title}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <ApiImage {...source} alt={`${title}, full size`} />}
      </Modal>
    </>
  );
}
