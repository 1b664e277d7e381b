import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { errorKey } from '@/lib/i18n-keys';

/** Form plumbing shared by the three auth forms: values, field errors, submitting and the server's answer. */
export function useAuthForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => Partial<Record<F, string>>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  /** True when the server refused for a reason of its own (4xx: "This username is already taken"). */
  const [serverReason, setServerReason] = useState(false);

  const setField = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  /** Validates, then runs the action; returns whether it succeeded. */
  const submit = async (action: (values: Record<F, string>) => Promise<void>): Promise<boolean> => {
    const found = validate(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return false;
    setSubmitting(true);
    try {
      await action(values);
      return true;
    } catch (error) {
      setServerError(errorMessage(error, t));
      setServerReason(error instanceof ApiError && error.status >= 400 && error.status < 500);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: F) => {
    const key: string | undefined = errors[field];
    return key ? t(errorKey(key)) : null;
  };

  /**
   * What to show for a failed submit: the server's specific reason alone, or, when there is none (network, server
   * failure), the form's generic text ("Registration error, try again later."): never the two glued together.
   */
  const serverMessage = (generic: string) =>
    serverError === null ? null : serverReason ? serverError : generic;

  return { values, setField, errors, fieldError, submitting, serverError, serverMessage, submit };
}
