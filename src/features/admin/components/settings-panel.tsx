import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import { useAsync } from '@/lib/use-async';
import type { Settings } from '@contract/admin';

import { fetchSettings, saveSettings } from '../api';

export function SettingsPanel() {
  const { t } = useTranslation();
  const result = useAsync(fetchSettings, 'admin-settings');
  const [saved, setSaved] = useState<Settings | null>(null);
  const settings = saved ?? result.data ?? null;
  // null = not edited yet: the field shows the loaded value.
  const [draft, setDraft] = useState<string | null>(null);
  const percent = draft ?? (settings ? String(settings.referral_percent) : '');
  const loadError = result.error ? errorMessage(result.error, t) : null;
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(percent.replace(',', '.'));
    if (percent.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setFieldError(t('admin:settings.percentInvalid'));
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      setSaved(await saveSettings({ referral_percent: value }));
      setDraft(null);
      pushToast(t('admin:settings.saved'), 'success');
    } catch (cause) {
      setFieldError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="admin-settings-title">
      <h2 id="admin-settings-title" className="section-title">
        {t('admin:settings.title')}
      </h2>
      <AsyncState
        loading={!settings && !loadError}
        error={loadError}
        empty={false}
        emptyText=""
        onRetry={result.reload}
      >
        <form className="form form--inline" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label={t('admin:settings.percent')}
            name="referral_percent"
            inputMode="decimal"
            value={percent}
            onChange={(event) => {
              setDraft(event.target.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('common:states.saving') : t('common:actions.save')}
          </button>
        </form>
      </AsyncState>
    </section>
  );
}
