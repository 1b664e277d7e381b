import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';

import type { useAuthForm } from '../use-auth-form';

/** The parts of a form (useAuthForm) with a `code` field that the step reads and writes. */
type CodeForm = Pick<
  ReturnType<typeof useAuthForm<'code'>>,
  'values' | 'setField' | 'fieldError' | 'submitting' | 'serverError' | 'serverMessage'
>;

export interface CodeStepProps {
  form: CodeForm;
  /** The form's accessible name. */
  label: string;
  /** Where the code went ("We sent a code to …"), announced as the step appears. */
  sent: string;
  /** Fields after the code (a restore's new password). */
  children?: ReactNode;
  /** What the alert holds once the request is spent or gone; nothing (false, null) while it is open. */
  expired: ReactNode;
  /** The text for a failed submit without a reason of the server's own. */
  genericError: string;
  againLabel: string;
  onAgain: () => void;
  submitLabel: string;
  /** Blocks the submit besides while sending (a spent sign-up can confirm nothing). */
  blocked?: boolean;
  onSubmit: (event: React.FormEvent) => void;
}

/** The step of a mailed code, alike for a sign-up and a password restore: the code, the answer, start again or send. */
export function CodeStep({
  form,
  label,
  sent,
  children,
  expired,
  genericError,
  againLabel,
  onAgain,
  submitLabel,
  blocked = false,
  onSubmit,
}: CodeStepProps) {
  const { t } = useTranslation();
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <p className="form__note" role="status">
        {sent}
      </p>
      <TextField
        label={t('auth:fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={form.values.code}
        onChange={(event) => form.setField('code', event.target.value)}
        error={form.fieldError('code')}
      />
      {children}
      {expired ? (
        <div className="form__error" role="alert">
          {expired}
        </div>
      ) : (
        form.serverError && (
          <p className="form__error" role="alert">
            {form.serverMessage(genericError)}
          </p>
        )
      )}
      <div className="form__row">
        <button type="button" className="button button--ghost" onClick={onAgain}>
          {againLabel}
        </button>
        <button type="submit" className="button button--primary" disabled={form.submitting || blocked}>
          {form.submitting ? t('common:states.sending') : submitLabel}
        </button>
      </div>
    </form>
  );
}
