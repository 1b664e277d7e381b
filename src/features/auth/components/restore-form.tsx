import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';

import { useAuthForm } from '../use-auth-form';
import { useRestore } from '../use-restore';
import { validateConfirm, validateRecover } from '../validation';
import { CodeStep } from './code-step';

/**
 * Two steps: request a code by e-mail, then enter the code and a new password (POST /api/v1/auth/confirm) with the
 * request token of this tab's request; a reload resumes at the code step while that request is kept.
 */
export function RestoreForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const restore = useRestore();
  const kept = restore.request?.email ?? '';
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>(kept ? 'confirm' : 'request');
  const request = useAuthForm({ email: kept }, validateRecover);
  const change = useAuthForm({ email: kept, code: '', password: '' }, validateConfirm);

  const onRequest = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await request.submit(async (values) => {
      await restore.ask(values.email.trim());
    });
    if (ok) {
      change.setField('email', request.values.email.trim());
      setStep('confirm');
    }
  };

  const onConfirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!restore.checkOpen()) return;
    const ok = await change.submit(async (values) => {
      await restore.setPassword(values.code.trim(), values.password);
    });
    if (ok) setStep('done');
  };

  const askAgain = () => {
    restore.restart();
    setStep('request');
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
    <CodeStep
      form={change}
      label={t('auth:restore.title')}
      sent={t('auth:restore.codeSent', { email: change.values.email })}
      expired={
        restore.expired && (
          <>
            <p>{t('auth:restore.expired')}</p>
            <button type="button" className="button button--primary" onClick={askAgain}>
              {t('auth:restore.askNew')}
            </button>
          </>
        )
      }
      genericError={t('auth:errors.restore')}
      againLabel={t('auth:restore.again')}
      onAgain={askAgain}
      submitLabel={t('auth:restore.submit')}
      onSubmit={(event) => void onConfirm(event)}
    >
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
    </CodeStep>
  );
}
