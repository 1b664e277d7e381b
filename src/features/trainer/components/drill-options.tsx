import { useTranslation } from 'react-i18next';

import { useAtom } from '@/lib/store';

import type { QueueState } from '../answer-queue';
import { dealModeAtom } from '../atoms';
import { DEAL_MODES } from '../deal-weights';

/** How hands are dealt: the ones that teach most (near the chart's edges, mixes) or every hand as at the table. */
export function DealModeChoice() {
  const { t } = useTranslation();
  const [mode, setMode] = useAtom(dealModeAtom);
  const labels = { teaching: t('trainer:deal.teaching'), asDealt: t('trainer:deal.asDealt') };
  const hints = { teaching: t('trainer:deal.teachingHint'), asDealt: t('trainer:deal.asDealtHint') };
  return (
    <fieldset className="card trainer-deal">
      <legend>{t('trainer:deal.label')}</legend>
      {DEAL_MODES.map((value) => (
        <label key={value} className="trainer-deal__option">
          <input
            type="radio"
            name="trainer-deal"
            value={value}
            checked={mode === value}
            onChange={() => setMode(value)}
          />
          <span>
            {labels[value]}
            <span className="muted trainer-deal__hint">{hints[value]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Whether the answers given have reached the server: they go in batches, and a failed batch is sent again. */
export function SavingState({ saving, onRetry }: { saving: QueueState; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="trainer-saving" data-testid="trainer-saving" data-unsaved={saving.unsaved}>
      <p className="muted">
        {saving.unsaved === 0
          ? t('trainer:saving.saved')
          : saving.retrying
            ? t('trainer:saving.retrying', { count: saving.unsaved })
            : t('trainer:saving.waiting', { count: saving.unsaved })}
        {saving.retrying && (
          <button type="button" className="button button--ghost trainer-saving__retry" onClick={onRetry}>
            {t('trainer:saving.sendNow')}
          </button>
        )}
      </p>
      {saving.dropped && (
        <p className="form__error" role="alert">
          {t('trainer:saving.dropped', { count: saving.dropped.count, reason: saving.dropped.reason })}
        </p>
      )}
    </div>
  );
}
