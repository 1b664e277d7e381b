import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { LoadingState } from '@/components/async-state';
import { Popup } from '@/components/popup';
import { notifyPremiumRequired } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/session';
import { FREE_RANGE_LIMIT } from '@contract/limits';

import { chartBody, folderBody } from '../chart-save';
import { effectiveStack, type SolvedDecision, type SolvedSpot } from '../solved-spot';
import { useFreeRoom, useSaveCharts } from '../use-save-charts';
import { UNIT_KEYS, useSpotFormat } from '../use-spot-format';

/** The names and notes the charts are saved with, in the interface language (from then on the player's own text). */
function useSpotTexts(solved: SolvedSpot) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  return useMemo(() => {
    const { spot } = solved;
    const players = spot.stacks.length;
    const pool = spot.payouts.reduce((sum, payout) => sum + payout, 0);
    const payouts =
      spot.payouts.length === 0
        ? t('pushFold:save.chipEv')
        : spot.payouts.length === 1
          ? t('pushFold:presets.winnerTakesAll')
          : spot.payouts.every((payout) => payout === spot.payouts[0])
            ? t('pushFold:save.equalPaid', { count: spot.payouts.length })
            : spot.payouts.map((payout) => format.stack((payout / pool) * 100)).join('/');
    const stacks = spot.stacks.map((stack) => format.stack(stack)).join('/');
    const seats = spot.stacks
      .map((stack, seat) => `${format.position(players, seat)} ${format.stack(stack)}`)
      .join(', ');
    const spotText = t('pushFold:save.spotNote', {
      seats,
      small: format.stack(spot.blinds.small),
      ante: format.stack(spot.blinds.ante),
      anteKind:
        spot.blinds.ante_kind === 'big_blind'
          ? t('pushFold:editor.bigBlindAnte')
          : t('pushFold:editor.perPlayer'),
      payouts,
      unit: t(UNIT_KEYS[solved.unit]),
    });
    return {
      folder: t('pushFold:save.folderName', { count: players, stacks, payouts }),
      folderNote: spotText,
      chart: (decision: SolvedDecision) => ({
        name: t('pushFold:save.chartName', {
          decision: format.decision(players, decision),
          stack: format.stack(Math.round(effectiveStack(spot, decision) * 10) / 10),
        }),
        play: format.action(decision),
        fold: t('pushFold:actions.fold'),
        note: spotText,
      }),
    };
  }, [solved, t, format]);
}

/**
 * "Save as charts": the spot's decisions as ordinary ranges in a folder of the tournament tree, named with the
 * stack each is played for so the trainer shows it. The player picks the decisions (pushes and calls by default);
 * a free player sees how many charts the plan still holds and cannot start a save that would not fit.
 */
export function SaveCharts({ solved, onOpenCharts }: { solved: SolvedSpot; onOpenCharts: () => void }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const texts = useSpotTexts(solved);
  const players = solved.spot.stacks.length;
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(solved.decisions.filter((entry) => entry.kind !== 'overcall').map((entry) => entry.key)),
  );
  const [folderName, setFolderName] = useState(texts.folder);
  const room = useFreeRoom(open && user !== null, Boolean(user?.is_premium));
  const free = room.data?.free ?? null;
  const { state, save, reset } = useSaveCharts();
  const picked = solved.decisions.filter((entry) => chosen.has(entry.key));
  const tooMany = free !== null && picked.length > free;
  const saving = state.status === 'saving';

  const close = () => {
    if (saving) return;
    setOpen(false);
    reset();
  };
  const start = () => {
    if (tooMany || picked.length === 0 || !folderName.trim()) return;
    void save(
      folderBody(folderName, texts.folderNote),
      picked.map(
        (decision) => (parentId: number) => chartBody(decision, solved.unit, parentId, texts.chart(decision)),
      ),
    );
  };
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          setFolderName(texts.folder);
          setOpen(true);
        }}
      >
        {t('pushFold:save.open')}
      </button>
      <Popup open={open} title={t('pushFold:save.title')} onClose={close} width={550}>
        {!user ? (
          <p>
            {t('pushFold:save.signInText')} <Link to="/auth/login">{t('pushFold:save.signIn')}</Link>
          </p>
        ) : state.status === 'saved' ? (
          <div className="push-fold-save__done" role="status">
            <p className="form__success">
              {t('pushFold:save.saved', { count: state.charts, folder: state.folderName })}
            </p>
            <div className="push-fold-save__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  close();
                  onOpenCharts();
                }}
              >
                {t('pushFold:save.openCharts')}
              </button>
              <Link className="button button--ghost" to="/trainer">
                {t('pushFold:save.train')}
              </Link>
            </div>
          </div>
        ) : (
          <form
            className="form push-fold-save"
            onSubmit={(event) => {
              event.preventDefault();
              start();
            }}
          >
            <div className="field">
              <label htmlFor={nameId} className="field__label">
                {t('pushFold:save.folder')}
              </label>
              <input
                id={nameId}
                className="field__input"
                value={folderName}
                maxLength={120}
                onChange={(event) => setFolderName(event.target.value)}
              />
            </div>
            <fieldset className="push-fold-save__list">
              <legend className="field__label">{t('pushFold:save.charts')}</legend>
              {solved.decisions.map((decision) => (
                <label key={decision.key} className="push-fold-save__item">
                  <input
                    type="checkbox"
                    checked={chosen.has(decision.key)}
                    onChange={() => toggle(decision.key)}
                    disabled={saving}
                  />
                  {t('pushFold:save.chartName', {
                    decision: format.decision(players, decision),
                    stack: format.stack(Math.round(effectiveStack(solved.spot, decision) * 10) / 10),
                  })}
                </label>
              ))}
            </fieldset>
            {room.loading ? (
              <LoadingState />
            ) : room.error ? (
              <div className="state state--error" role="alert">
                <p>{t('pushFold:save.roomFailed', { reason: errorMessage(room.error) })}</p>
                <button type="button" className="button button--ghost" onClick={room.reload}>
                  {t('common:actions.retry')}
                </button>
              </div>
            ) : free !== null ? (
              <p className={tooMany ? 'form__error' : 'muted'} data-testid="push-fold-save-room">
                {t('pushFold:save.freeRoom', {
                  limit: FREE_RANGE_LIMIT,
                  count: room.data?.ranges ?? 0,
                  free,
                })}{' '}
                {tooMany && t('pushFold:save.tooMany', { count: picked.length, free })}
              </p>
            ) : null}
            {tooMany && (
              <button type="button" className="button button--ghost" onClick={notifyPremiumRequired}>
                {t('pushFold:save.premium')}
              </button>
            )}
            {state.status === 'failed' && (
              <p className="form__error" role="alert">
                {t('pushFold:save.failed', { reason: state.error })}
              </p>
            )}
            {saving && (
              <div role="status">
                <progress className="push-fold-progress__bar" max={state.total} value={state.done} />
                <p className="muted">
                  {state.waiting
                    ? t('pushFold:save.waiting', { done: state.done, total: state.total })
                    : t('pushFold:save.saving', { done: state.done, total: state.total })}
                </p>
              </div>
            )}
            <div className="push-fold-save__actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={saving || room.loading || tooMany || picked.length === 0 || !folderName.trim()}
              >
                {t('pushFold:save.submit', { count: picked.length })}
              </button>
              <button type="button" className="button button--ghost" onClick={close} disabled={saving}>
                {t('common:actions.close')}
              </button>
            </div>
          </form>
        )}
      </Popup>
    </>
  );
}
