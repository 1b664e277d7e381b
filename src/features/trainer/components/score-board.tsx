import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';

import type { SessionScore } from '../trainer-rules';

/** The session's figures: hands, accuracy, the running and the best streak. */
export function ScoreBoard({ score }: { score: SessionScore }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures = [
    { key: 'hands', label: t('trainer:score.hands'), value: format.number(score.hands) },
    {
      key: 'accuracy',
      label: t('trainer:score.accuracy'),
      value: score.hands > 0 ? format.percent(score.correct / score.hands, 0) : '–',
    },
    { key: 'streak', label: t('trainer:score.streak'), value: format.number(score.streak) },
    { key: 'best', label: t('trainer:score.best'), value: format.number(score.bestStreak) },
  ];
  return (
    <section className="card trainer-score" aria-labelledby="trainer-score-title">
      <h2 id="trainer-score-title">{t('trainer:score.title')}</h2>
      <dl className="trainer-score__figures">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`score-${figure.key}`}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
