import { FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPES_MESSAGE,
} from '@parity/domain/organization-files';
import { IconPaperclip } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { Button, type ButtonType } from '../../../components/button/button';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The organization documents' rules (the API checks them again: 413, 415). */
function documentError(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!DOCUMENT_EXTENSIONS.some((allowed) => allowed === extension)) return DOCUMENT_TYPES_MESSAGE;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_SIZE_MESSAGE;
  return file.size === 0 ? 'The file is empty.' : null;
}

/**
 * A document picked, checked, then sent with a progress bar by `upload` (which reports 0-100).
 * A refused file's reason shows under the button and nothing is sent.
 */
export function UploadFile({
  label,
  upload,
  kind = 'primary',
}: {
  label: string;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  kind?: ButtonType;
}) {
  const hint = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // The same file may be picked again after a failure.
  const reset = useRef<() => void>(null);

  const picked = (file: File | null) => {
    if (!file) return;
    reset.current?.();
    const refused = documentError(file);
    setProblem(refused);
    if (refused) return;
    setPercent(0);
    upload(file, setPercent)
      .catch((failure: unknown) => setProblem(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setPercent(null));
  };

  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton onChange={picked} accept={ACCEPT} resetRef={reset} inputProps={{ 'aria-label': label }}>
          {(props) => (
            <Button
              {...props}
              kind={kind}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              disabled={percent !== null}
              aria-describedby={hint}
            >
              {label}
            </Button>
          )}
        </FileButton>
        <Text id={hint} size="xs" c="dimmed">
          {DOCUMENT_TYPES_MESSAGE} {DOCUMENT_SIZE_MESSAGE}
        </Text>
      </Group>
      {percent !== null ? (
        <Progress value={percent} aria-label={`${label}: progress`} striped animated />
      ) : null}
      {problem ? (
        <Text size="sm" c="danger.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
