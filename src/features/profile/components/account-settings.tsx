import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { errorKey } from '@/lib/i18n-keys';
import { avatarUrl, type SessionUser, updateSessionUser } from '@/lib/session';
import { pushToast } from '@/lib/toast';
import { AVATAR_MAX_BYTES } from '@contract/limits';

import { updateAvatar, updatePassword, updateUsername } from '../api';
import { type PasswordField, validatePasswordChange, validateUsername } from '../validation';

function UsernameForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const key = validateUsername(username);
    if (key) {
      setError(t(`errors:${key}`));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const data = await updateUsername(username.trim());
      updateSessionUser({ username: data?.username ?? username.trim() });
      pushToast(t('profile:settings.usernameSaved'), 'success');
    } catch (cause) {
      setError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('profile:settings.username')}
    >
      <h3 className="form__title">{t('profile:settings.username')}</h3>
      <TextField
        label={t('auth:fields.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setError(null);
        }}
        error={error}
        hint={t('auth:hints.username')}
      />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('common:states.saving') : t('common:actions.save')}
      </button>
    </form>
  );
}

const EMPTY_PASSWORDS: Record<PasswordField, string> = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updatePassword(values);
      setValues(EMPTY_PASSWORDS);
      pushToast(t('profile:settings.passwordSaved'), 'success');
    } catch (cause) {
      setServerError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: PasswordField) => (errors[field] ? t(errorKey(errors[field])) : null);

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('profile:settings.password')}
    >
      <h3 className="form__title">{t('profile:settings.password')}</h3>
      <TextField
        label={t('profile:settings.currentPassword')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(event) => set('current_password', event.target.value)}
        error={fieldError('current_password')}
      />
      <TextField
        label={t('profile:settings.newPassword')}
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={values.new_password}
        onChange={(event) => set('new_password', event.target.value)}
        error={fieldError('new_password')}
        hint={t('auth:hints.password')}
      />
      <TextField
        label={t('profile:settings.confirmPassword')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={(event) => set('confirm_password', event.target.value)}
        error={fieldError('confirm_password')}
      />
      {serverError && (
        <p className="form__error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('common:states.saving') : t('common:actions.save')}
      </button>
    </form>
  );
}

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

function AvatarForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) {
      setError(t('errors:avatarRequired'));
      return;
    }
    if (!AVATAR_TYPES.includes(file.type)) {
      setError(t('errors:avatarInvalid'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('errors:avatarTooLarge'));
      return;
    }
    setSaving(true);
    try {
      const data = await updateAvatar(file);
      updateSessionUser({ avatar: data.avatar });
      pushToast(t('profile:settings.avatarSaved'), 'success');
    } catch (cause) {
      setError(errorMessage(cause, t));
    } finally {
      setSaving(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className="form avatar-form">
      <h3 className="form__title">{t('profile:settings.avatar')}</h3>
      <img
        className="avatar avatar--large"
        src={avatarUrl(user.avatar)}
        alt={t('profile:settings.avatarAlt')}
      />
      <label className="button button--ghost file-button">
        {saving ? t('common:states.saving') : t('profile:settings.chooseAvatar')}
        <input
          ref={inputRef}
          type="file"
          name="avatar"
          accept={AVATAR_TYPES.join(',')}
          className="visually-hidden"
          disabled={saving}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </label>
      <p className="field__hint">{t('profile:settings.avatarHint')}</p>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function AccountSettings({ user }: { user: SessionUser }) {
  return (
    <div className="settings-grid">
      <AvatarForm user={user} />
      <UsernameForm user={user} />
      <PasswordForm />
    </div>
  );
}
