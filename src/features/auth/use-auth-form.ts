import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: F) => {
    const key: string | undefined = errors[field];
    return key ? t(errorKey(key)) : null;
  };

  return { values, setField, errors, fieldError, submitting, serverError, submit };
}
