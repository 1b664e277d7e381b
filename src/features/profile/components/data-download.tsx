import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-message';
import { saveFile } from '@/lib/save-file';
import { pushToast } from '@/lib/toast';

import { downloadMyData } from '../api';

/** "Download my data": the zip the server streams, saved through the browser's download. */
export function DataDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onDownload = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await downloadMyData();
      saveFile(file.blob, file.filename);
      pushToast(t('profile:account.download.done'), 'success');
    } catch (cause) {
      setError(errorMessage(cause, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form account-action">
      <h3 className="form__title">{t('profile:account.download.title')}</h3>
      <p className="form__note">{t('profile:account.download.text')}</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void onDownload()}
      >
        {busy ? t('profile:account.download.preparing') : t('profile:account.download.button')}
      </button>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
