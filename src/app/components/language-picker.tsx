import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FlagIcon } from '@/components/flag-icon';
import { errorMessage } from '@/lib/error-message';
import { type Language, LANGUAGE_INFO, PICKER_ORDER } from '@/lib/languages';
import { pushToast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { useOutsideClick } from '@/lib/use-outside-click';

export function LanguagePicker() {
  const { t } = useTranslation();
  const [language, change] = useLanguage();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick([rootRef], open, close);

  const choose = async (next: Language) => {
    setOpen(false);
    if (next === language) return;
    setSaving(true);
    try {
      await change(next);
    } catch (error) {
      pushToast(errorMessage(error, t), 'error');
      setSaving(false);
    }
  };

  const current = LANGUAGE_INFO[language];
  return (
    <div className="language-picker" ref={rootRef}>
      <button
        type="button"
        className="header-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={saving}
        onClick={() => setOpen((value) => !value)}
      >
        <FlagIcon code={current.flag} />
        {/* The visible code stays part of the button's name (WCAG 2.5.3, label in name). */}
        <span className="language-picker__code">{current.flag.toUpperCase()}</span>
        <span className="visually-hidden">
          {t('common:language.label', { language: current.nativeName })}
        </span>
      </button>
      {open && (
        <ul className="dropdown" role="listbox" aria-label={t('common:language.choose')}>
          {PICKER_ORDER.map((code) => (
            <li key={code} role="option" aria-selected={code === language}>
              <button
                type="button"
                lang={code}
                className={`dropdown__item${code === language ? ' dropdown__item--active' : ''}`}
                onClick={() => void choose(code)}
              >
                <FlagIcon code={LANGUAGE_INFO[code].flag} />
                {LANGUAGE_INFO[code].nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
