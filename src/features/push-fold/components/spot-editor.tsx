import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';

import { solveJobAtom, spotDraftAtom } from '../atoms';
import { startSolve, stopJob } from '../jobs';
import {
  type FieldError,
  MAX_PLAYERS,
  MIN_PLAYERS,
  parseSpot,
  PAYOUT_PRESETS,
  type PayoutPreset,
  type SpotDraft,
  type StackUnit,
  withPlayers,
  withUnit,
} from '../spot-draft';
import { useSpotFormat } from '../use-spot-format';
import { JobProgress } from './job-progress';

/** The message of each refusal (keys spelt out, so the translation check finds them). */
const ERROR_KEYS: Record<FieldError['code'], `pushFold:errors.${string}`> = {
  required: 'pushFold:errors.required',
  notANumber: 'pushFold:errors.notANumber',
  notPositive: 'pushFold:errors.notPositive',
  tooDeep: 'pushFold:errors.tooDeep',
  anteTooLarge: 'pushFold:errors.anteTooLarge',
  smallAboveBig: 'pushFold:errors.smallAboveBig',
  chipEvHeadsUp: 'pushFold:errors.chipEvHeadsUp',
  presetPlayers: 'pushFold:errors.presetPlayers',
  seatsRange: 'pushFold:errors.seatsRange',
  payoutsTooMany: 'pushFold:errors.payoutsTooMany',
  payoutsEmpty: 'pushFold:errors.payoutsEmpty',
  payoutsZero: 'pushFold:errors.payoutsZero',
};

const PRESET_KEYS = {
  chipEv: 'pushFold:presets.chipEv',
  winnerTakesAll: 'pushFold:presets.winnerTakesAll',
  top3: 'pushFold:presets.top3',
  doubleUp: 'pushFold:presets.doubleUp',
  satellite: 'pushFold:presets.satellite',
  custom: 'pushFold:presets.custom',
} as const;

const UNIT_NAMES = { bb: 'pushFold:editor.bb', chips: 'pushFold:editor.chips' } as const;

const PLAYER_COUNTS = Array.from(
  { length: MAX_PLAYERS - MIN_PLAYERS + 1 },
  (_, index) => MIN_PLAYERS + index,
);

/** One labelled number field of the spot, with its error announced and tied to it. */
function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`field push-fold-field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        data-testid={testId}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The spot: players, stacks (in big blinds or chips) in order of action, blinds and antes, payouts by preset or typed.
 * Solve checks every field (errors shown at their fields once the player has tried to solve) and runs the solve on
 * the engine's workers, with its progress and a Stop.
 */
export function SpotEditor() {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const [draft, setDraft] = useAtom(spotDraftAtom);
  const job = useAtomValue(solveJobAtom);
  const [tried, setTried] = useState(false);
  const { errors } = parseSpot(draft);
  const shown = tried ? errors : [];
  const errorOf = (field: FieldError['field'], seat?: number) => {
    const error = shown.find((entry) => entry.field === field && entry.seat === seat);
    return error ? t(ERROR_KEYS[error.code] as 'pushFold:errors.required', error.values ?? {}) : null;
  };
  const patch = (change: Partial<SpotDraft>) => setDraft((current) => ({ ...current, ...change }));
  const unitName = draft.unit === 'bb' ? t('pushFold:editor.bbShort') : t('pushFold:editor.chipsShort');
  const running = job.status === 'running';

  const solve = () => {
    setTried(true);
    const { spot } = parseSpot(draft);
    if (spot) void startSolve(spot);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    solve();
  };

  return (
    <form
      className="card push-fold-editor"
      onSubmit={submit}
      noValidate
      aria-labelledby="push-fold-editor-title"
    >
      <h2 id="push-fold-editor-title" className="push-fold__title">
        {t('pushFold:editor.title')}
      </h2>
      <div className="push-fold-editor__row">
        <div className="field push-fold-field">
          <label htmlFor="push-fold-players" className="field__label">
            {t('pushFold:editor.players')}
          </label>
          <select
            id="push-fold-players"
            className="field__input"
            value={draft.players}
            onChange={(event) => setDraft((current) => withPlayers(current, Number(event.target.value)))}
          >
            {PLAYER_COUNTS.map((count) => (
              <option key={count} value={count}>
                {count === 2 ? t('pushFold:editor.headsUp') : t('pushFold:editor.playersCount', { count })}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="push-fold-choice">
          <legend className="field__label">{t('pushFold:editor.unit')}</legend>
          {(['bb', 'chips'] as StackUnit[]).map((unit) => (
            <label key={unit} className="push-fold-choice__option">
              <input
                type="radio"
                name="push-fold-unit"
                checked={draft.unit === unit}
                onChange={() => setDraft((current) => withUnit(current, unit))}
              />
              {t(UNIT_NAMES[unit])}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="push-fold-editor__blinds">
        <NumberField
          label={t('pushFold:editor.smallBlind', { unit: unitName })}
          value={draft.smallBlind}
          onChange={(smallBlind) => patch({ smallBlind })}
          error={errorOf('smallBlind')}
        />
        <NumberField
          label={t('pushFold:editor.bigBlind', { unit: unitName })}
          value={draft.bigBlind}
          onChange={(bigBlind) => patch({ bigBlind })}
          error={errorOf('bigBlind')}
        />
        <NumberField
          label={t('pushFold:editor.ante', { unit: unitName })}
          value={draft.ante}
          onChange={(ante) => patch({ ante })}
          error={errorOf('ante')}
        />
      </div>
      <fieldset className="push-fold-choice">
        <legend className="field__label">{t('pushFold:editor.anteKind')}</legend>
        {(['per_player', 'big_blind'] as const).map((kind) => (
          <label key={kind} className="push-fold-choice__option">
            <input
              type="radio"
              name="push-fold-ante-kind"
              checked={draft.anteKind === kind}
              onChange={() => patch({ anteKind: kind })}
            />
            {kind === 'per_player' ? t('pushFold:editor.perPlayer') : t('pushFold:editor.bigBlindAnte')}
          </label>
        ))}
      </fieldset>
      <fieldset className="push-fold-stacks">
        <legend className="field__label">{t('pushFold:editor.stacks', { unit: unitName })}</legend>
        <div className="push-fold-stacks__list">
          {draft.stacks.slice(0, draft.players).map((stack, seat) => (
            <NumberField
              key={seat}
              label={format.position(draft.players, seat)}
              value={stack}
              testId={`push-fold-stack-${seat}`}
              onChange={(value) =>
                setDraft((current) => ({
                  ...current,
                  stacks: current.stacks.map((entry, index) => (index === seat ? value : entry)),
                }))
              }
              error={errorOf('stacks', seat)}
            />
          ))}
        </div>
      </fieldset>
      <div className="push-fold-editor__row">
        <div className={`field push-fold-field${errorOf('preset') ? ' field--invalid' : ''}`}>
          <label htmlFor="push-fold-preset" className="field__label">
            {t('pushFold:editor.payouts')}
          </label>
          <select
            id="push-fold-preset"
            className="field__input"
            value={draft.preset}
            aria-invalid={Boolean(errorOf('preset'))}
            aria-describedby={errorOf('preset') ? 'push-fold-preset-error' : undefined}
            onChange={(event) => patch({ preset: event.target.value as PayoutPreset })}
          >
            {PAYOUT_PRESETS.map((preset) => (
              <option key={preset} value={preset} disabled={preset === 'chipEv' && draft.players > 2}>
                {t(PRESET_KEYS[preset])}
              </option>
            ))}
          </select>
          {errorOf('preset') && (
            <p id="push-fold-preset-error" className="field__error">
              {errorOf('preset')}
            </p>
          )}
        </div>
        {draft.preset === 'satellite' && (
          <NumberField
            label={t('pushFold:editor.seats')}
            value={draft.seats}
            onChange={(seats) => patch({ seats })}
            error={errorOf('seats')}
          />
        )}
        {draft.preset === 'custom' && (
          <NumberField
            label={t('pushFold:editor.custom')}
            hint={t('pushFold:editor.customHint')}
            value={draft.custom}
            onChange={(custom) => patch({ custom })}
            error={errorOf('custom')}
          />
        )}
      </div>
      <p className="muted push-fold-editor__model">
        {draft.players === 2 && draft.preset === 'chipEv'
          ? t('pushFold:editor.modelChip')
          : t('pushFold:editor.modelIcm')}
      </p>
      {shown.length > 0 && (
        <p className="form__error" role="alert">
          {t('pushFold:errors.summary', { count: shown.length })}
        </p>
      )}
      <div className="push-fold-editor__actions">
        <button type="submit" className="button button--primary" disabled={running}>
          {t('pushFold:editor.solve')}
        </button>
        {running && (
          <button type="button" className="button button--ghost" onClick={() => stopJob(solveJobAtom)}>
            {t('pushFold:editor.stop')}
          </button>
        )}
      </div>
      <JobProgress job={job} label={t('pushFold:solve.progressLabel')} onRetry={solve} />
    </form>
  );
}
