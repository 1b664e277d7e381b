import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LoadingState } from '@/components/async-state';
import { useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';
import { TRAINER_FREQUENCY_TOLERANCE } from '@contract/limits';

import { dealModeAtom } from '../atoms';
import { answerForKey, comboCards, offersNotInRange, type Random } from '../trainer-rules';
import { useTrainerDrill } from '../use-trainer-drill';
import { AnswerCell, useActionName } from './answer-cell';
import { DealModeChoice, SavingState } from './drill-options';
import { EvFeedback } from './ev-feedback';
import { MistakeMap } from './mistake-map';
import { ScoreBoard } from './score-board';

const PRESETS = [25, 50, 75, 100];

/** Keys typed into a text field or pressed with a modifier belong to the field or the browser, not the drill. */
const isFieldKey = (event: KeyboardEvent) =>
  event.ctrlKey ||
  event.metaKey ||
  event.altKey ||
  (event.target instanceof HTMLElement && /^(TEXTAREA|SELECT)$/.test(event.target.tagName)) ||
  (event.target instanceof HTMLInputElement && !['range', 'checkbox', 'radio'].includes(event.target.type));

export function Drill({ chartIds, random }: { chartIds: readonly number[]; random: Random }) {
  const { t } = useTranslation();
  const format = useFormat();
  const actionName = useActionName();
  const mode = useAtomValue(dealModeAtom);
  const { state, saving, answer, next, retrySaving } = useTrainerDrill(chartIds, random, mode);
  const [frequencyMode, setFrequencyMode] = useState(false);
  const [frequency, setFrequency] = useState(100);
  const handRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const { status, chart, deal, result, chosen } = state;
  const actions = useMemo(() => chart?.actions ?? [], [chart]);
  // A chart painted whole (a solved spot's, with a Fold colour) never has "not in the range" as its answer.
  const foldOffered = useMemo(() => (chart ? offersNotInRange(chart) : true), [chart]);

  const give = (color: string | null) => answer(color, frequencyMode ? frequency : undefined);

  // Focus follows the drill: the new hand is announced and focused, the feedback's Next button takes Space/Enter.
  useEffect(() => {
    if (status === 'answered') nextRef.current?.focus();
    if (status === 'asking') handRef.current?.focus();
  }, [status, deal]);

  // The keys act on the drill as last committed: the handler is swapped in as the screen changes (a layout effect,
  // so a key pressed the moment a new hand is shown already answers it) and stays registered once for the page.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useLayoutEffect(() => {
    onKey.current = (event) => {
      if (isFieldKey(event)) return;
      if (event.key === ' ' && status === 'answered') {
        // Also stops the focused Next button's own click, so Space deals exactly one hand.
        event.preventDefault();
        void next();
        return;
      }
      if (status !== 'asking') return;
      const choice = answerForKey(event.key, actions.length);
      if (choice === null || (choice === 'fold' && !foldOffered)) return;
      event.preventDefault();
      answer(choice === 'fold' ? null : actions[choice]!.color, frequencyMode ? frequency : undefined);
    };
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const chosenAction =
    chosen &&
    (chosen.color === null ? null : (actions.find((action) => action.color === chosen.color) ?? null));
  const cards = deal ? comboCards(deal.combo) : [];

  return (
    <div className="trainer-drill">
      <section
        className="card trainer-drill__main"
        aria-labelledby="trainer-hand"
        aria-busy={status === 'loading'}
      >
        {chart && (
          <p className="trainer-drill__spot" data-testid="trainer-spot">
            <span className="muted">{t('trainer:drill.spot')}: </span>
            {[...chart.path, chart.name].join(' › ')}
            {chart.stack_bb !== null && (
              <span className="badge trainer-drill__stack">
                {t('trainer:drill.stack', { stack: chart.stack_bb })}
              </span>
            )}
          </p>
        )}
        {status === 'loading' && <LoadingState text={t('trainer:drill.loading')} />}
        {deal && (
          <h2
            id="trainer-hand"
            ref={handRef}
            tabIndex={-1}
            className="trainer-hand"
            data-combo={deal.combo}
            data-hand={deal.hand}
            aria-label={t('trainer:drill.hand', {
              hand: cards.map((card) => card.rank + card.symbol).join(' '),
            })}
          >
            {cards.map((card) => (
              <span key={card.suit + card.rank} className={`trainer-card trainer-card--${card.suit}`}>
                <span>{card.rank === 'T' ? '10' : card.rank}</span>
                <span aria-hidden="true">{card.symbol}</span>
              </span>
            ))}
          </h2>
        )}
        {deal && (
          <div className="trainer-actions" role="group" aria-label={t('trainer:drill.actions')}>
            {[...actions, ...(foldOffered ? [null] : [])].map((action, index) => {
              const key = action === null ? '0' : index < 9 ? String(index + 1) : '';
              const color = action?.color ?? null;
              const picked = chosen !== null && chosen.color === color;
              return (
                <button
                  key={color ?? 'fold'}
                  type="button"
                  className={`button trainer-action${picked ? ' trainer-action--picked' : ''}`}
                  data-color={color ?? 'fold'}
                  aria-keyshortcuts={key || undefined}
                  disabled={status !== 'asking'}
                  onClick={() => give(color)}
                >
                  <span
                    className={`trainer-swatch${color ? '' : ' trainer-swatch--fold'}`}
                    style={color ? { background: color } : undefined}
                    aria-hidden="true"
                  />
                  {actionName(action)}
                  {key && <kbd aria-hidden="true">{key}</kbd>}
                </button>
              );
            })}
          </div>
        )}
        <div className="trainer-frequency">
          <label className="trainer-frequency__mode">
            <input
              type="checkbox"
              checked={frequencyMode}
              onChange={(event) => setFrequencyMode(event.target.checked)}
            />
            {t('trainer:drill.frequencyMode')}
          </label>
          {frequencyMode && (
            <>
              <div className="trainer-frequency__slider">
                <label htmlFor="trainer-frequency">{t('trainer:drill.frequency')}</label>
                <input
                  id="trainer-frequency"
                  type="range"
                  min={0}
                  max={100}
                  step={5}
                  value={frequency}
                  onChange={(event) => setFrequency(Number(event.target.value))}
                />
                <output htmlFor="trainer-frequency">{format.percent(frequency / 100, 0)}</output>
              </div>
              <div
                className="trainer-frequency__presets"
                role="group"
                aria-label={t('trainer:drill.presets')}
              >
                {PRESETS.map((value) => (
                  <button
                    key={value}
                    type="button"
                    className="button button--ghost"
                    aria-pressed={frequency === value}
                    onClick={() => setFrequency(value)}
                  >
                    {format.percent(value / 100, 0)}
                  </button>
                ))}
              </div>
              <p className="muted trainer-frequency__hint">
                {t('trainer:drill.toleranceHint', { tolerance: TRAINER_FREQUENCY_TOLERANCE })}
              </p>
            </>
          )}
        </div>
        <div className="trainer-feedback" role="status" aria-live="polite" data-testid="trainer-feedback">
          {status === 'error' && (
            <div className="state state--error">
              <p>{state.error}</p>
              <button type="button" className="button button--ghost" onClick={() => void next()}>
                {t('trainer:drill.retry')}
              </button>
            </div>
          )}
          {status === 'answered' && result && (
            <>
              <p
                className={`trainer-verdict trainer-verdict--${result.correct ? 'right' : 'wrong'}`}
                data-correct={result.correct}
              >
                {result.correct ? t('trainer:drill.right') : t('trainer:drill.wrong')}
              </p>
              <p className="muted">
                {chosen?.frequency === undefined
                  ? t('trainer:drill.yourAnswer', { action: actionName(chosenAction ?? null) })
                  : t('trainer:drill.yourAnswerFrequency', {
                      action: actionName(chosenAction ?? null),
                      frequency: format.percent(chosen.frequency / 100, 0),
                    })}
              </p>
              <p>{t('trainer:drill.chartPlays', { hand: result.hand })}</p>
              <AnswerCell result={result} actions={actions} />
              {result.excluded && <p className="muted">{t('trainer:drill.excluded')}</p>}
              {chart && <EvFeedback chart={chart} result={result} color={chosen?.color ?? null} />}
            </>
          )}
        </div>
        {status === 'answered' && (
          <button ref={nextRef} type="button" className="button button--primary" onClick={() => void next()}>
            {t('trainer:drill.next')}
          </button>
        )}
        <p className="muted trainer-drill__keys">
          {foldOffered ? t('trainer:drill.keyHint') : t('trainer:drill.keyHintNoFold')}
        </p>
        <SavingState saving={saving} onRetry={retrySaving} />
      </section>
      <aside className="trainer-drill__side">
        <DealModeChoice />
        <ScoreBoard score={state.score} />
        <MistakeMap score={state.score} />
      </aside>
    </div>
  );
}
