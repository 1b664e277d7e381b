import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { Popup } from '@/components/popup';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { resetSession, type SessionUser } from '@/lib/session';
import { pushToast } from '@/lib/toast';

import { deleteAccount } from '../api';

/**
 * The typed confirmation matches the username as the server compares it closely enough for the button: same
 * characters after width folding and case. The server folds look-alike letters too and has the last word.
 */
export const confirmsUsername = (typed: string, username: string): boolean =>
  typed.normalize('NFKC').trim().toLowerCase() === username.normalize('NFKC').toLowerCase();

function DeleteDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirmed = confirmsUsername(confirmation, user.username);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) {
      setPasswordError(t('errors:passwordRequired'));
      return;
    }
    if (!confirmed) return;
    setDeleting(true);
    try {
      await deleteAccount(user.id, { password, confirmation: confirmation.trim() });
    } catch (cause) {
      setError(errorMessage(cause, t));
      setDeleting(false);
      return;
    }
    // The account is gone: the player leaves the profile first, rendered at once (its guard would send a signed-out
    // page to the sign-in form), then this device keeps nothing for the account.
    await navigate('/', { replace: true, flushSync: true });
    resetSession();
    pushToast(t('profile:account.delete.done'), 'success');
  };

  return (
    <Popup open title={t('profile:account.delete.dialogTitle')} onClose={onClose} width={550}>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ul className="account-consequences">
          <li>{t('profile:account.delete.removed')}</li>
          <li>{t('profile:account.delete.kept')}</li>
          <li>{t('profile:account.delete.free')}</li>
        </ul>
        <TextField
          label={t('profile:account.delete.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
          }}
          error={passwordError}
        />
        <TextField
          label={t('profile:account.delete.confirmation', { username: user.username })}
          name="confirmation"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('profile:account.delete.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={!confirmed || deleting}>
            {deleting ? t('profile:account.delete.deleting') : t('profile:account.delete.submit')}
          </button>
        </div>
      </form>
    </Popup>
  );
}

/** "Delete my account": what it means, and the dialog that asks for the password and the typed username. */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="form account-action">
      <h3 className="form__title">{t('profile:account.delete.title')}</h3>
      <p className="form__note">{t('profile:account.delete.text')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('profile:account.delete.open')}
      </button>
      {open && <DeleteDialog user={user} onClose={() => setOpen(false)} />}
    </div>
  );
}
