import '../../editor/components/range-editor.css';
import '../../editor/components/strategy-legend.css';
import './diff.css';

import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { LoadingState } from '@/components/async-state';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import type { AsyncResult } from '@/lib/use-async';
import { classComboCount } from '@contract/hands';

import { actionLabel, type DiffParams, diffPath, type DiffSide, parseDiffParams } from '../diff-sides';
import {
  type IncomingSide,
  useDiff,
  useIncomingDecision,
  useIncomingSide,
  useLibraryRanges,
  useOwnSide,
} from '../use-strategy-diff';
import { DiffGrid, DiffLegend, SideChart, useDescribeActions } from './diff-grids';
import { ComboTable, DiffDetail } from './diff-tables';
import { RangeSelect } from './range-select';

/** A side's load: its spinner, its error with a retry, a folder picked by address, or its content. */
function SideState({ result, children }: { result: AsyncResult<DiffSide>; children: ReactNode }) {
  const { t } = useTranslation();
  if (result.loading) return <LoadingState />;
  if (result.error) {
    return (
      <div className="state state--error" role="alert">
        <p>
          {t('diff:errors.side')}: {errorMessage(result.error, t)}
        </p>
        <button type="button" className="button button--ghost" onClick={result.reload}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  if (result.data && result.data.kind !== 'range') {
    return (
      <p className="state state--error" role="alert">
        {t('diff:errors.notRange', { name: result.data.name })}
      </p>
    );
  }
  return <>{children}</>;
}

/** The incoming strategy: who sent it, what accepting costs, and accept / reject right beside the diff. */
function IncomingBar({
  incoming,
  params,
  fromName,
  onSwapChanged,
}: {
  incoming: IncomingSide;
  params: DiffParams;
  fromName?: string;
  /** The free-tier swap would now take another category than the one shown: load what accepting costs again. */
  onSwapChanged: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, decide } = useIncomingDecision(params.incoming, onSwapChanged);
  const { compare } = incoming;
  const replaces = compare.replaces;
  const act = async (accept: boolean) => {
    const result = await decide(accept, replaces?.id ?? null);
    if (result === null) return;
    if (result === 'rejected') pushToast(t('diff:incoming.rejected', { name: compare.name }), 'info');
    else
      pushToast(
        result.removed_category_id
          ? t('diff:incoming.acceptedReplaced', { name: compare.name })
          : t('diff:incoming.accepted', { name: compare.name }),
        'success',
      );
    void navigate('/profile#strategy');
  };
  const notice = !replaces
    ? t('diff:incoming.keeps')
    : replaces.kind === 'range'
      ? t('diff:incoming.replacesRange', { name: replaces.name })
      : t('diff:incoming.replacesFolder', { name: replaces.name });
  return (
    <section className="card diff-incoming" aria-labelledby="diff-incoming-title" data-testid="diff-incoming">
      <div>
        <h2 id="diff-incoming-title">
          {t('diff:incoming.title', { name: compare.name, user: compare.from_user })}
        </h2>
        <p className={replaces ? 'diff-incoming__warn' : 'muted'} data-replaces={replaces?.id ?? ''}>
          {notice}
        </p>
        {replaces?.kind === 'range' && fromName && params.from !== null && params.from !== replaces.id && (
          <p className="muted">{t('diff:incoming.otherPicked', { name: fromName })}</p>
        )}
      </div>
      <div className="diff-incoming__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void act(true)}
        >
          {replaces ? t('diff:incoming.acceptReplacing', { name: replaces.name }) : t('diff:incoming.accept')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => void act(false)}
        >
          {t('diff:incoming.reject')}
        </button>
      </div>
    </section>
  );
}

/** The two charts side by side, the diff grid with its legend and detail, and the combos per action. */
function DiffView({ from, to }: { from: DiffSide; to: DiffSide }) {
  const { t } = useTranslation();
  const diff = useDiff(from, to)!;
  const labelOf = useCallback((color: string) => actionLabel(color, from.buttons, to.buttons), [from, to]);
  const describe = useDescribeActions(labelOf);
  const names = { from: from.name, to: to.name };
  const inRange = (hand: string) => ({
    from: Math.max(0, classComboCount(hand) - (from.chart.exclusions[hand]?.length ?? 0)),
    to: Math.max(0, classComboCount(hand) - (to.chart.exclusions[hand]?.length ?? 0)),
  });
  const changed = 169 - diff.counts.unchanged;
  return (
    <>
      <p className="diff-summary" data-testid="diff-summary">
        {changed === 0 ? t('diff:summary.same') : t('diff:summary.changed', { count: changed })}
      </p>
      <div className="diff-grids">
        <figure className="card diff-figure">
          <figcaption>
            <span className="muted">{t('diff:charts.from')}</span> <strong>{from.name}</strong>
          </figcaption>
          <SideChart side={from} label={t('diff:charts.from')} />
        </figure>
        <figure className="card diff-figure">
          <figcaption>
            <span className="muted">{t('diff:charts.to')}</span> <strong>{to.name}</strong>
          </figcaption>
          <SideChart side={to} label={t('diff:charts.to')} />
        </figure>
        <figure className="card diff-figure">
          <figcaption>
            <strong>{t('diff:grid.title')}</strong>
          </figcaption>
          <DiffGrid diff={diff} describe={describe} />
          <DiffLegend diff={diff} />
        </figure>
      </div>
      <div className="diff-bottom">
        <ComboTable diff={diff} names={names} labelOf={labelOf} />
        <DiffDetail diff={diff} names={names} labelOf={labelOf} inRange={inRange} />
      </div>
    </>
  );
}

/**
 * /compare: the strategy diff. Two own ranges (`from`, `to`), or an incoming strategy against the own
 * range accepting it would replace (the free-tier swap), else one the player picks; accept and reject stay here.
 */
export function DiffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = useMemo(() => parseDiffParams(search), [search]);
  const incoming = useIncomingSide(params.invalid ? null : params.incoming);
  const replaced = incoming.data?.compare.replaces;
  const fromId = params.from ?? (replaced?.kind === 'range' ? replaced.id : null);
  const from = useOwnSide(params.invalid ? null : fromId);
  const toOwn = useOwnSide(params.invalid || params.incoming !== null ? null : params.to);
  const to: AsyncResult<DiffSide> =
    params.incoming !== null ? { ...incoming, data: incoming.data?.side } : toOwn;
  const library = useLibraryRanges();
  const pick = (side: 'from' | 'to', id: number) =>
    void navigate(diffPath({ ...params, from: fromId, [side]: id }), { replace: true });

  if (params.invalid) {
    return (
      <div className="diff-page">
        <h1>{t('diff:title')}</h1>
        <p className="state state--error" role="alert">
          {t('diff:errors.address')} <Link to="/compare">{t('diff:errors.startOver')}</Link>
        </p>
      </div>
    );
  }

  const fromReady = fromId !== null && from.data?.kind === 'range';
  const toId = params.incoming ?? params.to;
  const toReady = toId !== null && to.data?.kind === 'range';
  return (
    <div className="diff-page">
      <header className="page-head">
        <h1>{t('diff:title')}</h1>
        <p className="muted">{t('diff:intro')}</p>
      </header>
      {params.incoming !== null &&
        (incoming.data ? (
          <IncomingBar
            incoming={incoming.data}
            params={params}
            fromName={from.data?.name}
            onSwapChanged={incoming.reload}
          />
        ) : (
          <SideState result={to}>{null}</SideState>
        ))}
      <section className="card diff-picks" aria-label={t('diff:pick.label')}>
        <RangeSelect
          label={t('diff:pick.from')}
          value={fromId}
          library={library}
          onChange={(id) => pick('from', id)}
        />
        {params.incoming === null ? (
          <RangeSelect
            label={t('diff:pick.to')}
            value={params.to}
            library={library}
            onChange={(id) => pick('to', id)}
          />
        ) : (
          <p className="diff-pick">
            <span>{t('diff:pick.to')}</span> <strong>{incoming.data?.compare.name ?? '…'}</strong>
          </p>
        )}
      </section>
      {/* The incoming strategy decides which own range is compared: nothing to show until it has loaded. */}
      {params.incoming !== null && !incoming.data ? null : fromId === null || toId === null ? (
        <p className="state state--empty">
          {params.incoming !== null ? t('diff:pick.promptIncoming') : t('diff:pick.prompt')}
        </p>
      ) : (
        <SideState result={from}>
          <SideState result={to}>
            {fromReady && toReady && <DiffView from={from.data!} to={to.data!} />}
          </SideState>
        </SideState>
      )}
    </div>
  );
}
