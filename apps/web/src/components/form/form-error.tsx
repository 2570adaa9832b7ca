import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's own error, announced (role alert), inline above the fields; nothing when there is none. */
export function FormError({ id, title, children }: { id?: string; title: string; children?: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <Alert id={id} role="alert" color="danger" variant="light" title={title}>
      {children}
    </Alert>
  );
}
