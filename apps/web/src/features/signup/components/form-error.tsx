import { Alert } from '@mantine/core';

/** The inline failure of a form or step (role=alert, so screen readers announce it). */
export function FormError({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Alert id={id} role="alert" color="danger" variant="light" title={title}>
      {children}
    </Alert>
  );
}
