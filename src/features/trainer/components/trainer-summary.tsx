import './trainer.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { AsyncState } from '@/components/async-state';
import { errorMessage } from '@/lib/error-message';
import { useFormat } from '@/lib/format';

import { useTrainerSummary } from '../use-chart-tree';

/** The profile's trainer card: hands, accuracy, best streak and the weakest classes over every drill. */
export function TrainerSummaryCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const summary = useTrainerSummary();
  const data = summary.data;
  return (
    <section
      className="card trainer-summary"
      aria-labelledby="trainer-summary-title"
      data-testid="trainer-summary"
    >
      <div className="trainer-summary__head">
        <h2 id="trainer-summary-title">{t('trainer:summary.title')}</h2>
        <Link className="button button--ghost" to="/trainer">
          {t('trainer:summary.open')}
        </Link>
      </div>
      <AsyncState
        loading={summary.loading}
        error={summary.error ? errorMessage(summary.error) : null}
        empty={!data || data.hands === 0}
        emptyText={t('trainer:summary.none')}
        onRetry={summary.reload}
      >
        {data && (
          <>
            <dl className="trainer-score__figures">
              <div data-testid="summary-hands">
                <dt>{t('trainer:summary.hands')}</dt>
                <dd>{format.number(data.hands)}</dd>
              </div>
              <div data-testid="summary-accuracy">
                <dt>{t('trainer:summary.accuracy')}</dt>
                <dd>{format.percent(data.accuracy, 0)}</dd>
              </div>
              <div data-testid="summary-best">
                <dt>{t('trainer:summary.best')}</dt>
                <dd>{format.number(data.best_streak)}</dd>
              </div>
            </dl>
            {data.weakest.length > 0 && (
              <>
                <h3>{t('trainer:summary.weakest')}</h3>
                <ul className="trainer-summary__weak">
                  {data.weakest.map((entry) => (
                    <li key={`${entry.category_id}-${entry.hand}`} data-hand={entry.hand}>
                      {t('trainer:summary.weakItem', {
                        hand: entry.hand,
                        chart: entry.category_name,
                        missed: entry.missed,
                        shown: entry.shown,
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </AsyncState>
    </section>
  );
}
