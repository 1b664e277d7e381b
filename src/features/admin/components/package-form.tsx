import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import type { AdminPackage } from '@contract/admin';

import { updatePackage } from '../api';
import { namedDraftErrors, type NamedDrafts, namedDrafts, toNamedTranslations } from '../texts';
import { NamedTranslationFields } from './translation-fields';

/** A package's name and description (the store card's heading) in English and the other languages. */
export function PackageForm({
  pack,
  onSaved,
  onCancel,
}: {
  pack: AdminPackage;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(pack.name);
  const [description, setDescription] = useState(pack.description);
  const [drafts, setDrafts] = useState<NamedDrafts>(() => namedDrafts(pack.translations));
  const [nameError, setNameError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof namedDraftErrors>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = namedDraftErrors(drafts);
    setErrors(found);
    setNameError(name.trim() ? null : t('admin:items.nameRequired'));
    setServerError(null);
    if (!name.trim() || Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updatePackage(pack.id, {
        name: name.trim(),
        description: description.trim(),
        translations: toNamedTranslations(drafts),
      });
      pushToast(t('admin:texts.packageSaved'), 'success');
      onSaved();
    } catch (cause) {
      setServerError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form admin-item-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('admin:texts.editPackage')}
    >
      <TextField
        label={t('admin:texts.nameEnglish')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
      />
      <TextField
        label={t('admin:texts.descriptionEnglish')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <NamedTranslationFields
        drafts={drafts}
        errors={errors}
        onChange={(language, field, value) =>
          setDrafts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }))
        }
      />
      {serverError && (
        <p className="form__error" role="alert">
          {serverError}
        </p>
      )}
      <div className="form__row admin-item-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('admin:items.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('common:states.saving') : t('common:actions.save')}
        </button>
      </div>
    </form>
  );
}
