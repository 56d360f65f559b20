import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, MIME_TYPES, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MONEY_MSG } from '@common/messages';
import { PROOF_MAX_BYTES } from '@common/schemas/deposits';
import { FocusStatus, useFocusStatus } from '../../../components/focus-status';
import { readAsDataUrl } from '../../../lib/read-file';

const ACCEPTED = [MIME_TYPES.png, MIME_TYPES.jpeg, MIME_TYPES.webp];
const FOCUS_RING = { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 };

interface ProofDropzoneProps {
  /** The chosen image as a data URL, or '' for none. */
  value: string;
  onChange: (dataUrl: string) => void;
  error?: ReactNode;
  /** Reports a refused file (too large, wrong type, unreadable). */
  onError: (message: string) => void;
}

/**
 * The deposit's proof of payment: one PNG, JPEG or WebP image under 5 MB, dropped or
 * picked, previewed, and handed over as a data URL. The file field gives way to the chosen image,
 * so focus follows: to the status naming the chosen file, and back to the file field after
 * "Remove image" (otherwise both would drop it to the page body).
 */
export function ProofDropzone({ value, onChange, error, onError }: ProofDropzoneProps) {
  const inputId = useId();
  const chosen = useFocusStatus();
  const [focused, setFocused] = useState(false);
  const removed = useRef(false);

  // after "Remove image" the file field is back: focus it
  useEffect(() => {
    if (value || !removed.current) return;
    removed.current = false;
    document.getElementById(inputId)?.focus();
  }, [value, inputId]);

  const accept = async ([file]: File[]) => {
    if (!file) return;
    try {
      onChange(await readAsDataUrl(file));
      chosen.show(`Chosen file: ${file.name}`);
    } catch {
      onError(MONEY_MSG.imageUnreadable);
    }
  };
  const refuse = ([rejection]: FileRejection[]) => {
    const tooLarge = rejection?.errors.some((e) => e.code === 'file-too-large');
    onError(tooLarge ? MONEY_MSG.fileTooLarge : MONEY_MSG.imageType);
  };

  return (
    <Input.Wrapper id={inputId} label="Proof of payment" error={error}>
      {value ? (
        <Stack gap="xs" mt={4}>
          <Image src={value} alt="Chosen proof of payment" mah={220} w="auto" fit="contain" radius="sm" />
          <Group gap="xs">
            <FocusStatus status={chosen} c="dimmed" style={{ wordBreak: 'break-all' }} />
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                removed.current = true;
                onChange('');
              }}
            >
              Remove image
            </Button>
          </Group>
        </Stack>
      ) : (
        <Dropzone
          mt={4}
          onDrop={accept}
          onReject={refuse}
          accept={ACCEPTED}
          maxSize={PROOF_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          // The labelled file input itself takes the keyboard focus (the drop area shows it), so
          // assistive technology meets a named native control rather than an unnamed area.
          activateOnKeyboard={false}
          style={focused ? FOCUS_RING : undefined}
          inputProps={{
            id: inputId,
            tabIndex: 0,
            'aria-label': undefined,
            'aria-describedby': `${inputId}-hint${error ? ` ${inputId}-error` : ''}`,
            'aria-invalid': Boolean(error),
            onFocus: () => setFocused(true),
            onBlur: () => setFocused(false),
          }}
        >
          <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={40} style={{ flexShrink: 0 }} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} style={{ flexShrink: 0 }} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={40} style={{ flexShrink: 0 }} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text fw={600}>Drop the image here or click to choose it</Text>
              <Text size="sm" c="dimmed" id={`${inputId}-hint`}>
                A screenshot or photo of your payment: PNG, JPEG or WebP, less than 5 MB.
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
    </Input.Wrapper>
  );
}
