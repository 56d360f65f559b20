import { Alert, Button, Center, Image, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconId } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { userFile } from '../api';

/** Fetches the document with the admin's token and shows it from an object URL, released on close. */
function DocumentImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    userFile(url).then(
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
  }, [url]);

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

/** "View front" / "View back": one side of the identity document, full size in a modal. */
export function DocumentButton({ url, side }: { url: string; side: 'front' | 'back' }) {
  const [opened, modal] = useDisclosure(false);
  const title = `Identity document, ${side}`;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconId size={14} aria-hidden />} onClick={modal.open}>
        View {side}
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={title}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <DocumentImage url={url} alt={`${title}, full size`} />}
      </Modal>
    </>
  );
}
