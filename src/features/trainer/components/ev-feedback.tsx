import './ev-feedback.css';

import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import type { RangeButton } from '@contract/categories';
import type { TrainerChart } from '@contract/trainer';

import { answerEv } from '../trainer-rules';
import type { DrillResult } from '../use-trainer-drill';
import { useActionName } from './answer-cell';

/**
 * For a chart saved from a solved push/fold spot: what the hand's actions are worth there (chip EV in bb, or ICM EV
 * in percent of the prize pool) and, for a wrong answer, the EV it lost against the chart's answer.
 */
export function EvFeedback({
  chart,
  result,
  color,
}: {
  chart: TrainerChart;
  result: DrillResult;
  color: string | null;
}) {
  const { t } = useTranslation();
  const { language } = useFormat();
  const actionName = useActionName();
  const right = [...result.colors.map((entry) => entry.color), ...(result.fold > 0 ? [null] : [])];
  const ev = answerEv(chart.spot_ev, result.hand, color, right);
  if (!ev) return null;
  const digits = (value: number, signed: boolean, fraction = 2) =>
    new Intl.NumberFormat(language, {
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(value);
  const value = (amount: number) =>
    ev.unit === 'bb'
      ? t('trainer:ev.bb', { value: digits(amount, true) })
      : t('trainer:ev.pct', { value: digits(amount, false) });
  const lost =
    ev.unit === 'bb'
      ? t('trainer:ev.bb', { value: digits(ev.lost, false) })
      : t('trainer:ev.pool', { value: digits(ev.lost, false, 3) });
  const name = (entry: { color: string }): string => {
    const action: RangeButton = chart.actions.find(
      (candidate) => candidate.color === entry.color.toUpperCase(),
    ) ?? {
      color: entry.color,
      label: '',
    };
    return actionName(action);
  };
  return (
    <div className="trainer-ev" data-testid="trainer-ev" data-unit={ev.unit}>
      {!result.correct && (
        <p className="trainer-ev__lost" data-testid="trainer-ev-lost" data-lost={ev.lost}>
          {t('trainer:ev.lost', { value: lost })}
        </p>
      )}
      <p className="muted trainer-ev__title">
        {t(ev.unit === 'bb' ? 'trainer:ev.titleBb' : 'trainer:ev.titleIcm')}
      </p>
      <ul className="trainer-ev__list">
        {[ev.play, ev.fold].map((entry) => (
          <li key={entry.color} data-color={entry.color} data-ev={entry.ev}>
            <span className="trainer-swatch" style={{ background: entry.color }} aria-hidden="true" />
            {name(entry)} <strong>{value(entry.ev)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
