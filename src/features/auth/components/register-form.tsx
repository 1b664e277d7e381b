import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { applySession } from '@/lib/session';

import { register } from '../api';
import { useAuthForm } from '../use-auth-form';
import { validateRegister } from '../validation';

export interface RegisterFormProps {
  referralToken?: string;
  onDone: () => void;
}

export function RegisterForm({ referralToken, onDone }: RegisterFormProps) {
  const { t } = useTranslation();
  const form = useAuthForm({ username: '', email: '', password: '' }, validateRegister);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await form.submit(async (values) => {
      const data = await register(
        { username: values.username.trim(), email: values.email.trim(), password: values.password },
        referralToken,
      );
      applySession(data.me, data.token);
    });
    if (ok) onDone();
  };

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
        value={form.values.username}
        onChange={(event) => form.setField('username', event.target.value)}
        error={form.fieldError('username')}
        hint={t('auth:hints.username')}
      />
      <TextField
        label={t('auth:fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(event) => form.setField('email', event.target.value)}
        error={form.fieldError('email')}
      />
      <TextField
        label={t('auth:fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(event) => form.setField('password', event.target.value)}
        error={form.fieldError('password')}
        hint={t('auth:hints.password')}
      />
      {form.serverError && (
        <p className="form__error" role="alert">
          {form.serverMessage(t('auth:errors.register'))}
        </p>
      )}
      <button type="submit" className="button button--primary button--wide" disabled={form.submitting}>
        {form.submitting ? t('common:states.sending') : t('auth:register.submit')}
      </button>
    </form>
  );
}
