import { CONFIRMATION_MESSAGE, isValidPassword, PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import type { Ref } from 'react';
import { PasswordField } from '../../../components/password-field/password-field';

export const REQUIRED = 'Field is empty';

export interface NewPasswordValues {
  new_password: string;
  new_password_confirmation: string;
}

/** Spec 5's rule and the confirmation, checked before calling the API (which checks them again). */
export function newPasswordErrors(
  values: NewPasswordValues,
): Partial<Record<keyof NewPasswordValues, string>> {
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  if (!values.new_password) errors.new_password = REQUIRED;
  else if (!isValidPassword(values.new_password)) errors.new_password = PASSWORD_RULE_MESSAGE;
  if (!values.new_password_confirmation) errors.new_password_confirmation = REQUIRED;
  else if (values.new_password_confirmation !== values.new_password) {
    errors.new_password_confirmation = CONFIRMATION_MESSAGE;
  }
  return errors;
}

interface Props {
  values: NewPasswordValues;
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
  newPasswordRef?: Ref<HTMLInputElement>;
  confirmationRef?: Ref<HTMLInputElement>;
}

/** New password and its confirmation, with the browser's new-password autocomplete. */
export function NewPasswordFields({ values, errors, onChange, newPasswordRef, confirmationRef }: Props) {
  return (
    <>
      <PasswordField
        ref={newPasswordRef}
        label="New password"
        name="new_password"
        autoComplete="new-password"
        withAsterisk
        aria-required
        description="12 to 255 characters with a capital letter, a lowercase letter, a number and a sign (-#$.%&*@!?); not a common password."
        value={values.new_password}
        onChange={(event) => onChange('new_password', event.currentTarget.value)}
        error={errors.new_password}
        toggleLabel="Show characters of the new one"
      />
      <PasswordField
        ref={confirmationRef}
        label="Confirm new password"
        name="new_password_confirmation"
        autoComplete="new-password"
        withAsterisk
        aria-required
        value={values.new_password_confirmation}
        onChange={(event) => onChange('new_password_confirmation', event.currentTarget.value)}
        error={errors.new_password_confirmation}
        toggleLabel="Show characters of the confirmation"
      />
    </>
  );
}
