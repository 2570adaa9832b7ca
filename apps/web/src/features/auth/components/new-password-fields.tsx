import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_RULE_HINT } from '@parity/domain/auth';
import { PasswordField } from '../../../components/password-field/password-field';

interface Props {
  /** The form's `getInputProps` (a form with both fields). */
  inputProps: (field: 'new_password' | 'new_password_confirmation') => GetInputPropsReturnType;
}

/** New password and its confirmation, with the browser's new-password autocomplete. */
export function NewPasswordFields({ inputProps }: Props) {
  return (
    <>
      <PasswordField
        label="New password"
        name="new_password"
        autoComplete="new-password"
        withAsterisk
        aria-required
        description={PASSWORD_RULE_HINT}
        {...inputProps('new_password')}
        toggleLabel="Show characters of the new one"
      />
      <PasswordField
        label="Confirm new password"
        name="new_password_confirmation"
        autoComplete="new-password"
        withAsterisk
        aria-required
        {...inputProps('new_password_confirmation')}
        toggleLabel="Show characters of the confirmation"
      />
    </>
  );
}
