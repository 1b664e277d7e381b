import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { applySession } from '@/lib/session';

import { login } from '../api';
import { useAuthForm } from '../use-auth-form';
import { validateLogin } from '../validation';

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useAuthForm({ login: '', password: '' }, validateLogin);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await form.submit(async (values) => {
      const data = await login({ login: values.login.trim(), password: values.password });
      applySession(data.me, data.token);
    });
    if (ok) onDone();
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('auth:login.title')}
    >
      <TextField
        label={t('auth:fields.login')}
        name="login"
        autoComplete="username"
        value={form.values.login}
        onChange={(event) => form.setField('login', event.target.value)}
        error={form.fieldError('login')}
      />
      <TextField
        label={t('auth:fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(event) => form.setField('password', event.target.value)}
        error={form.fieldError('password')}
      />
      {form.serverError && (
        <p className="form__error" role="alert">
          {form.serverError}
        </p>
      )}
      <button type="submit" className="button button--primary button--wide" disabled={form.submitting}>
        {form.submitting ? t('common:states.sending') : t('auth:login.submit')}
      </button>
    </form>
  );
}
