import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { LANGUAGE_INFO } from '@/lib/languages';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@contract/languages';

import type { NamedDrafts, TitleDrafts, TranslationError } from '../texts';

/**
 * A name and a description in each of the other interface languages, each named in its own language; a language
 * left empty shows the English text in the store.
 */
export function NamedTranslationFields({
  drafts,
  errors,
  onChange,
}: {
  drafts: NamedDrafts;
  errors: Partial<Record<TranslatedLanguage, TranslationError>>;
  onChange: (language: TranslatedLanguage, field: 'name' | 'description', value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-translations">
      <legend className="field__label">{t('admin:texts.otherLanguages')}</legend>
      <p className="field__hint">{t('admin:texts.fallbackHint')}</p>
      {TRANSLATED_LANGUAGES.map((language) => {
        const own = LANGUAGE_INFO[language].nativeName;
        return (
          <div key={language} className="admin-translations__language" lang={language}>
            <TextField
              label={t('admin:texts.nameIn', { language: own })}
              value={drafts[language].name}
              onChange={(event) => onChange(language, 'name', event.target.value)}
              error={errors[language] ? t('admin:texts.translationNameRequired') : null}
            />
            <TextField
              label={t('admin:texts.descriptionIn', { language: own })}
              value={drafts[language].description}
              onChange={(event) => onChange(language, 'description', event.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/** A lesson title in each of the other interface languages. */
export function TitleTranslationFields({
  drafts,
  onChange,
}: {
  drafts: TitleDrafts;
  onChange: (language: TranslatedLanguage, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-translations">
      <legend className="field__label">{t('admin:texts.otherLanguages')}</legend>
      {TRANSLATED_LANGUAGES.map((language) => (
        <TextField
          key={language}
          lang={language}
          label={t('admin:texts.titleIn', { language: LANGUAGE_INFO[language].nativeName })}
          value={drafts[language]}
          onChange={(event) => onChange(language, event.target.value)}
        />
      ))}
    </fieldset>
  );
}
