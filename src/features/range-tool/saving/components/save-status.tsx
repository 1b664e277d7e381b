import { useTranslation } from 'react-i18next';

import { useAtomValue } from '@/lib/store';

import { rangeLoadingAtom } from '../../shared/atoms';
import { saveStateAtom } from '../atoms';

/**
 * The save queue's state beside the library: saved, saving, unsaved, offline (held on this device), error, or waiting
 * for the player's choice (a conflict, a deleted range).
 */
export function SaveStatus() {
  const { t } = useTranslation();
  const state = useAtomValue(saveStateAtom);
  const loadingRange = useAtomValue(rangeLoadingAtom);
  const text = loadingRange
    ? t('ranges:library.loadingRange')
    : {
        idle: '',
        saved: t('ranges:library.saved'),
        saving: t('ranges:library.saving'),
        unsaved: t('ranges:saving.unsaved'),
        offline: t('ranges:saving.offline'),
        error: t('ranges:errors.renew'),
        conflict: t('offline:status.conflict'),
        gone: t('offline:status.gone'),
      }[state];
  return (
    <p
      className={`library-save library-save--${state}`}
      role="status"
      data-testid="save-state"
      data-state={state}
    >
      {text}
    </p>
  );
}
