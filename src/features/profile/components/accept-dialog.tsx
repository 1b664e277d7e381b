import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';

import type { AcceptQuestion } from '../use-incoming-answer';

/**
 * The free plan's price of accepting (SPEC §4: the first category of the list goes), asked before anything is
 * deleted: it names the category, and the player gives it up or keeps it (the strategy then stays pending).
 */
export function AcceptDialog({
  question,
  busy,
  onConfirm,
  onCancel,
}: {
  question: AcceptQuestion | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  if (!question) return null;
  const { name, replaces, changed } = question;
  const deletes = {
    range: t('profile:strategies.confirm.deletesRange', { name, replaced: replaces.name }),
    folder: t('profile:strategies.confirm.deletesFolder', { name, replaced: replaces.name }),
    tournament: t('profile:strategies.confirm.deletesTournament', { name, replaced: replaces.name }),
  }[replaces.kind];
  return (
    <Popup
      open
      title={t('profile:strategies.confirm.title', { name })}
      onClose={onCancel}
      width={550}
      className="accept-dialog"
    >
      {changed && (
        <p className="accept-dialog__changed" role="alert">
          {t('profile:strategies.confirm.changed')}
        </p>
      )}
      <p>{t('profile:strategies.confirm.freePlan')}</p>
      <p className="accept-dialog__loss" data-replaces={replaces.id}>
        {deletes}
      </p>
      <p className="muted">{t('profile:strategies.confirm.final')}</p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('profile:strategies.confirm.keep')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {t('profile:strategies.confirm.accept', { replaced: replaces.name })}
        </button>
      </div>
    </Popup>
  );
}
