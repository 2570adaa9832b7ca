import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'visibilityToggleButtonProps'> {
  /** The show/hide button's name; kept free of the word "password" so the field's label stays its only match. */
  toggleLabel?: string;
}

/**
 * Mantine's PasswordInput as every form here needs it: the show/hide toggle reachable by
 * keyboard, and aria-invalid set from the error (PasswordInput does not set it by itself).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { toggleLabel = 'Show characters', error, ...props },
  ref,
) {
  return (
    <PasswordInput
      ref={ref}
      error={error}
      aria-invalid={error ? true : undefined}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...props}
    />
  );
});
