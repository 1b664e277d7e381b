import { useTranslation } from 'react-i18next';

import { useCurrentUser } from '@/lib/session';
import { useAtomValue } from '@/lib/store';

import { chartReadOnlyAtom } from '../../shared/atoms';
import { useTemplateCopy } from '../use-range-library';

/** Above a ready-made strategy's chart: why it cannot be painted, and the way to an editable copy. */
export function TemplateNotice() {
  const { t } = useTranslation();
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const premium = Boolean(useCurrentUser()?.is_premium);
  const { copy, copying } = useTemplateCopy();
  if (!readOnly) return null;
  return (
    <section className="template-notice" role="note" aria-labelledby="template-notice-title">
      <div className="template-notice__text">
        <h3 id="template-notice-title">{t('ranges:template.title')}</h3>
        <p>{t('ranges:template.notice')}</p>
        {!premium && <p className="muted">{t('ranges:template.premium')}</p>}
      </div>
      <button
        type="button"
        className="button"
        onClick={() => void copy()}
        disabled={copying}
        aria-busy={copying}
      >
        {copying ? t('ranges:template.copying') : t('ranges:template.copy')}
      </button>
    </section>
  );
}
