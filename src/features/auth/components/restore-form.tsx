import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';

import { confirm, recover } from '../api';
import { useAuthForm } from '../use-auth-form';
import { validateConfirm, validateRecover } from '../validation';

/** Two steps: request a code by e-mail, then enter the code and a new password (POST /api/v1/auth/confirm). */
export function RestoreForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const request = useAuthForm({ email: '' }, validateRecover);
  const change = useAuthForm({ email: '', code: '', password: '' }, validateConfirm);

  const onRequest = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await request.submit(async (values) => {
      await recover({ email: values.email.trim() });
    });
    if (ok) {
      change.setField('email', request.values.email.trim());
      setStep('confirm');
    }
  };

  const onConfirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await change.submit(async (values) => {
      await confirm({ email: values.email.trim(), code: values.code.trim(), password: values.password });
    });
    if (ok) setStep('done');
  };

  if (step === 'done') {
    return (
      <div className="form" role="status">
        <p className="form__success">{t('auth:restore.done')}</p>
        <button type="button" className="button button--primary button--wide" onClick={onDone}>
          {t('auth:login.submit')}
        </button>
      </div>
    );
  }

  if (step === 'request') {
    return (
      <form
        className="form"
        noValidate
        onSubmit={(event) => void onRequest(event)}
        aria-label={t('auth:restore.title')}
      >
        <p className="form__note">{t('auth:restore.requestHint')}</p>
        <TextField
          label={t('auth:fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={request.values.email}
          onChange={(event) => request.setField('email', event.target.value)}
          error={request.fieldError('email')}
        />
        {request.serverError && (
          <p className="form__error" role="alert">
            {request.serverMessage(t('auth:errors.restore'))}
          </p>
        )}
        <button type="submit" className="button button--primary button--wide" disabled={request.submitting}>
          {request.submitting ? t('common:states.sending') : t('auth:restore.sendCode')}
        </button>
      </form>
    );
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void onConfirm(event)}
      aria-label={t('auth:restore.title')}
    >
      <p className="form__note" role="status">
        {t('auth:restore.codeSent', { email: change.values.email })}
      </p>
      <TextField
        label={t('auth:fields.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={change.values.code}
        onChange={(event) => change.setField('code', event.target.value)}
        error={change.fieldError('code')}
      />
      <TextField
        label={t('auth:fields.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={change.values.password}
        onChange={(event) => change.setField('password', event.target.value)}
        error={change.fieldError('password') ?? change.fieldError('email')}
        hint={t('auth:hints.password')}
      />
      {change.serverError && (
        <p className="form__error" role="alert">
          {change.serverMessage(t('auth:errors.restore'))}
        </p>
      )}
      <div className="form__row">
        <button type="button" className="button button--ghost" onClick={() => setStep('request')}>
          {t('auth:restore.again')}
        </button>
        <button type="submit" className="button button--primary" disabled={change.submitting}>
          {change.submitting ? t('common:states.sending') : t('auth:restore.submit')}
        </button>
      </div>
    </form>
  );
}
