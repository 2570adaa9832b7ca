import { Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { type FileLimit, fileLimitError } from '../lib/file-limits';

export interface UploadButtonProps {
  /** the button's text, also the file input's accessible name */
  label: string;
  limit: FileLimit;
  /** sends the file, reporting 0-100; resolves when stored */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * Picks a file, checks its type and size against the limits before sending (the message shows
 * under the button and nothing is sent), then uploads it with a progress bar.
 */
export function UploadButton({ label, limit, upload, disabled }: UploadButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = fileLimitError(file, limit);
    setError(problem);
    if (problem) return;
    setProgress(0);
    upload(file, setProgress)
      .catch(() => {
        // the API client's 'Error' alert says why
      })
      .finally(() => setProgress(null));
  };

  const busy = progress !== null;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <VisuallyHidden>
          <input
            ref={input}
            id={id}
            type="file"
            tabIndex={-1}
            accept={limit.accept}
            aria-label={label}
            aria-describedby={`${id}-hint`}
            onChange={onChange}
            disabled={disabled || busy}
          />
        </VisuallyHidden>
        <Button
          kind="primary"
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={disabled || busy}
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
        >
          {label}
        </Button>
        <Text id={`${id}-hint`} size="xs" c="dimmed">
          {limit.typesMessage} {limit.sizeMessage}
        </Text>
      </Group>
      {busy ? <Progress value={progress} aria-label={`${label}: progress`} striped animated /> : null}
      {error ? (
        <Text size="sm" c="danger.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
