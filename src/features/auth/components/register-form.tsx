import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { applySession } from '@/lib/session';

import { confirmSignUp, register } from '../api';
import {
  forgetSignUpRequest,
  keepSignUpRequest,
  readSignUpRequest,
  type SignUpRequest,
} from '../sign-up-request';
import { useAuthForm } from '../use-auth-form';
import { validateRegister } from '../validation';
import { CodeStep } from './code-step';

export interface RegisterFormProps {
  referralToken?: string;
  onDone: () => void;
}

/**
 * Two steps: the details (the server mails a code to the address, or, when it has an account, a note saying so: its
 * answer is the same), then the code, which makes the account and signs it in. A reload resumes at the code step
 * while this tab's sign-up is open.
 */
export function RegisterForm({ referralToken, onDone }: RegisterFormProps) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<SignUpRequest | null>(() => readSignUpRequest());
  const [expired, setExpired] = useState(false);
  const details = useAuthForm({ username: '', email: '', password: '' }, validateRegister);
  const code = useAuthForm({ code: '' }, (values) =>
    values.code.trim() ? {} : { code: 'codeRequired' as const },
  );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await details.submit(async (values) => {
      const email = values.email.trim();
      const answer = await register(
        { username: values.username.trim(), email, password: values.password },
        referralToken,
      );
      setExpired(false);
      setRequest(keepSignUpRequest(email, answer.request_token));
    });
  };

  const onConfirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const ok = await code.submit(async (values) => {
      try {
        const data = await confirmSignUp({ request_token: request.token, code: values.code.trim() });
        forgetSignUpRequest();
        applySession(data.me, data.token);
      } catch (error) {
        // The request is spent or gone: the code step can do nothing more, the player signs up again.
        if (error instanceof ApiError && error.code === 'signUpExpired') setExpired(true);
        throw error;
      }
    });
    if (ok) onDone();
  };

  const startOver = () => {
    forgetSignUpRequest();
    setRequest(null);
    setExpired(false);
    code.setField('code', '');
  };

  if (request) {
    return (
      <CodeStep
        form={code}
        label={t('auth:register.title')}
        sent={t('auth:register.codeSent', { email: request.email })}
        expired={expired && <p>{t('errors:signUpExpired')}</p>}
        genericError={t('auth:errors.register')}
        againLabel={t('auth:register.again')}
        onAgain={startOver}
        submitLabel={t('auth:register.confirm')}
        blocked={expired}
        onSubmit={(event) => void onConfirm(event)}
      />
    );
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('auth:register.title')}
    >
      {referralToken && (
        <p className="form__note" data-testid="referral-note">
          {t('auth:register.referral', { token: referralToken })}
        </p>
      )}
      <TextField
        label={t('auth:fields.username')}
        name="username"
        autoComplete="username"
        value={details.values.username}
        onChange={(event) => details.setField('username', event.target.value)}
        error={details.fieldError('username')}
        hint={t('auth:hints.username')}
      />
      <TextField
        label={t('auth:fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={details.values.email}
        onChange={(event) => details.setField('email', event.target.value)}
        error={details.fieldError('email')}
      />
      <TextField
        label={t('auth:fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={details.values.password}
        onChange={(event) => details.setField('password', event.target.value)}
        error={details.fieldError('password')}
        hint={t('auth:hints.password')}
      />
      {details.serverError && (
        <p className="form__error" role="alert">
          {details.serverMessage(t('auth:errors.register'))}
        </p>
      )}
      <button type="submit" className="button button--primary button--wide" disabled={details.submitting}>
        {details.submitting ? t('common:states.sending') : t('auth:register.submit')}
      </button>
    </form>
  );
}
