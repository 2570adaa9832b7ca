import { Alert } from '@mantine/core';

/** A form's own error, announced (role alert), inline above the fields. */
export function FormError({ id, title, message }: { id: string; title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert id={id} role="alert" color="danger" variant="light" title={title}>
      {message}
    </Alert>
  );
}
