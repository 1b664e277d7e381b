import type { ErrorKey } from '@contract/errors';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@contract/limits';

export type PasswordField = 'current_password' | 'new_password' | 'confirm_password';

/** SPEC §5 change password: enter current, enter new (6 to 20), confirm, passwords do not match. */
export function validatePasswordChange(
  values: Record<PasswordField, string>,
): Partial<Record<PasswordField, ErrorKey>> {
  const errors: Partial<Record<PasswordField, ErrorKey>> = {};
  if (!values.current_password) errors.current_password = 'currentPasswordRequired';
  if (!values.new_password) errors.new_password = 'newPasswordRequired';
  else if (values.new_password.length < PASSWORD_MIN || values.new_password.length > PASSWORD_MAX)
    errors.new_password = 'passwordLength';
  if (!values.confirm_password) errors.confirm_password = 'confirmPasswordRequired';
  else if (values.new_password && values.confirm_password !== values.new_password)
    errors.confirm_password = 'passwordsDoNotMatch';
  return errors;
}

/** SPEC §5: username required, 4 to 20 characters. */
export function validateUsername(value: string): ErrorKey | null {
  const name = value.trim();
  if (!name) return 'usernameRequired';
  return name.length < USERNAME_MIN || name.length > USERNAME_MAX ? 'usernameLength' : null;
}
