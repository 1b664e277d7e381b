import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type ClassCell, ClassGrid } from '@/components/class-grid';
import type { Threshold } from '@/engine/engine-types';
import { useAtomValue } from '@/lib/store';
import { HAND_CLASSES } from '@contract/hands';

import { thresholdJobAtom } from '../atoms';
import { startThresholds, stopJob } from '../jobs';
import { MAX_ANTE_BB, readNumber } from '../spot-draft';
import { useSpotFormat } from '../use-spot-format';
import { JobProgress } from './job-progress';

/** The chart's deepest stack: a class played at every stack up to it reads "20+". */
export const THRESHOLD_TOP = 20;

type Side = 'push' | 'call';

/** Each side's texts (keys spelt out, so the translation check finds them). */
const SIDE_TEXTS = {
  push: {
    never: 'pushFold:thresholds.never.push',
    always: 'pushFold:thresholds.always.push',
    upTo: 'pushFold:thresholds.upTo.push',
    grid: 'pushFold:thresholds.gridLabel.push',
    name: 'pushFold:thresholds.sides.push',
  },
  call: {
    never: 'pushFold:thresholds.never.call',
    always: 'pushFold:thresholds.always.call',
    upTo: 'pushFold:thresholds.upTo.call',
    grid: 'pushFold:thresholds.gridLabel.call',
    name: 'pushFold:thresholds.sides.call',
  },
} as const;

/** A threshold as a colour: the deeper a class is played, the greener; never played, the cell's own tint. */
const shade = (max: number) =>
  max <= 0
    ? undefined
    : `hsl(${Math.round(8 + (134 * Math.min(max, THRESHOLD_TOP)) / THRESHOLD_TOP)}, 62%, 38%)`;

function ThresholdGrid({ side, thresholds }: { side: Side; thresholds: readonly Threshold[] }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const [active, setActive] = useState(0);
  const { range, describe } = useMemo(
    () => ({
      range: (gap: readonly number[]) =>
        t('pushFold:thresholds.range', { from: format.stack(gap[0]!), to: format.stack(gap[1]!) }),
      describe: (hand: string, threshold: Threshold) =>
        threshold.max <= 0
          ? t(SIDE_TEXTS[side].never, { hand })
          : threshold.max >= THRESHOLD_TOP
            ? t(SIDE_TEXTS[side].always, { hand, top: THRESHOLD_TOP })
            : t(SIDE_TEXTS[side].upTo, { hand, stack: format.stack(threshold.max) }),
    }),
    [t, format, side],
  );
  const cells = useMemo(
    () =>
      thresholds.map((threshold, index): ClassCell => {
        const hand = HAND_CLASSES[index]!;
        const gaps = threshold.gaps.map(range).join(', ');
        return {
          background: shade(threshold.max),
          value:
            threshold.max <= 0
              ? '—'
              : threshold.max >= THRESHOLD_TOP
                ? `${THRESHOLD_TOP}+`
                : format.stack(threshold.max),
          mark: threshold.gaps.length > 0 ? 'dot' : undefined,
          label: gaps
            ? `${describe(hand, threshold)} ${t('pushFold:thresholds.except', { gaps })}`
            : describe(hand, threshold),
          data: { max: String(threshold.max), gaps: JSON.stringify(threshold.gaps) },
        };
      }),
    [thresholds, range, describe, format, t],
  );
  const threshold = thresholds[active]!;
  const hand = HAND_CLASSES[active]!;
  return (
    <div className="push-fold-decision">
      <ClassGrid
        label={t(SIDE_TEXTS[side].grid)}
        cells={cells}
        active={active}
        onActive={setActive}
        testId={`push-fold-thresholds-${side}`}
      >
        <p className="muted push-fold-thresholds__legend">
          <span className="class-cell__mark class-cell__mark--inline" aria-hidden="true" />{' '}
          {t('pushFold:thresholds.gapLegend')}
        </p>
      </ClassGrid>
      <div
        className="push-fold-cell"
        data-testid="push-fold-threshold-cell"
        data-hand={hand}
        aria-live="polite"
      >
        <p className="push-fold-cell__hand">
          <strong>{hand}</strong>
        </p>
        <p>{describe(hand, threshold)}</p>
        {threshold.gaps.length > 0 && (
          <p>{t('pushFold:thresholds.except', { gaps: threshold.gaps.map(range).join(', ') })}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The heads-up threshold chart (chip EV, blinds 0.5 and 1, an optional ante): per class the deepest stack from 1 to
 * 20 bb at which the small blind pushes it and the big blind calls it, gaps marked and listed. Solved on a worker
 * stack by stack, with progress and Stop.
 */
export function ThresholdView() {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const job = useAtomValue(thresholdJobAtom);
  const [ante, setAnte] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const [side, setSide] = useState<Side>('push');
  const solve = () => {
    const value = readNumber(ante);
    if (value === null) return setError(t('pushFold:errors.notANumber'));
    if (value > MAX_ANTE_BB) return setError(t('pushFold:errors.anteTooLarge', { max: MAX_ANTE_BB }));
    setError(null);
    void startThresholds(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    solve();
  };
  const chart = job.result;
  const running = job.status === 'running';
  return (
    <div className="push-fold-thresholds">
      <form
        className="card push-fold-editor"
        onSubmit={submit}
        noValidate
        aria-labelledby="push-fold-th-title"
      >
        <h2 id="push-fold-th-title" className="push-fold__title">
          {t('pushFold:thresholds.title')}
        </h2>
        <p className="muted">{t('pushFold:thresholds.text')}</p>
        <div className={`field push-fold-field${error ? ' field--invalid' : ''}`}>
          <label htmlFor="push-fold-th-ante" className="field__label">
            {t('pushFold:thresholds.ante')}
          </label>
          <input
            id="push-fold-th-ante"
            className="field__input"
            inputMode="decimal"
            value={ante}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'push-fold-th-ante-error' : undefined}
            onChange={(event) => setAnte(event.target.value)}
          />
          {error && (
            <p id="push-fold-th-ante-error" className="field__error">
              {error}
            </p>
          )}
        </div>
        <div className="push-fold-editor__actions">
          <button type="submit" className="button button--primary" disabled={running}>
            {t('pushFold:thresholds.solve')}
          </button>
          {running && (
            <button type="button" className="button button--ghost" onClick={() => stopJob(thresholdJobAtom)}>
              {t('pushFold:editor.stop')}
            </button>
          )}
        </div>
        <JobProgress job={job} label={t('pushFold:thresholds.progressLabel')} onRetry={solve} />
      </form>
      <section className="card push-fold-results" aria-labelledby="push-fold-th-result" aria-busy={running}>
        <h2 id="push-fold-th-result" className="push-fold__title">
          {t('pushFold:thresholds.result')}
        </h2>
        {!chart ? (
          <p className="muted">{t('pushFold:thresholds.idle')}</p>
        ) : (
          <>
            <p className="muted" data-testid="push-fold-thresholds-summary">
              {t('pushFold:thresholds.summary', {
                ante: format.stack(chart.ante),
                value: format.exploitability(chart.max_exploitability, 'bb'),
              })}
            </p>
            <div className="push-fold-segmented" role="group" aria-label={t('pushFold:thresholds.side')}>
              {(['push', 'call'] as Side[]).map((entry) => (
                <button
                  key={entry}
                  type="button"
                  className="button button--ghost"
                  aria-pressed={side === entry}
                  onClick={() => setSide(entry)}
                >
                  {t(SIDE_TEXTS[entry].name)}
                </button>
              ))}
            </div>
            <ThresholdGrid key={side} side={side} thresholds={chart[side]} />
          </>
        )}
      </section>
    </div>
  );
}
