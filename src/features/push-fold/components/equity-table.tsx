import { useTranslation } from 'react-i18next';

import type { SolvedSpot } from '../solved-spot';
import { useSpotFormat } from '../use-spot-format';

/**
 * Each seat's prize equity under ICM (percent of the prize pool) before the hand and after it under the solution,
 * beside its share of the chips; and for a table, the risk premium of every call: how much more heads-up equity ICM
 * asks of the caller against that pusher than chips alone would.
 */
export function EquityTable({ solved }: { solved: SolvedSpot }) {
  const { t } = useTranslation();
  const format = useSpotFormat();
  const { equity, spot } = solved;
  if (!equity) return null;
  const players = spot.stacks.length;
  const chips = spot.stacks.reduce((sum, stack) => sum + stack, 0);
  const percent2 = format.share;
  const premium = (seat: number, pusher: number) =>
    solved.riskPremiums.find((entry) => entry.seat === seat && entry.pusher === pusher);
  return (
    <section className="card push-fold-equity" aria-labelledby="push-fold-equity-title">
      <h2 id="push-fold-equity-title" className="push-fold__title">
        {t('pushFold:equity.title')}
      </h2>
      <div className="push-fold-table-wrap">
        <table className="push-fold-table" data-testid="push-fold-equity">
          <thead>
            <tr>
              <th scope="col">{t('pushFold:equity.seat')}</th>
              <th scope="col">{t('pushFold:equity.stack')}</th>
              <th scope="col">{t('pushFold:equity.chips')}</th>
              <th scope="col">{t('pushFold:equity.before')}</th>
              {equity.after && <th scope="col">{t('pushFold:equity.after')}</th>}
            </tr>
          </thead>
          <tbody>
            {spot.stacks.map((stack, seat) => (
              <tr key={seat} data-seat={seat}>
                <th scope="row">{format.position(players, seat)}</th>
                <td>{t('pushFold:units.bb', { value: format.stack(stack) })}</td>
                <td>{percent2((stack / chips) * 100)}</td>
                <td data-testid={`push-fold-equity-before-${seat}`}>{percent2(equity.before[seat]!)}</td>
                {equity.after && (
                  <td data-testid={`push-fold-equity-after-${seat}`}>{percent2(equity.after[seat]!)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="push-fold__subtitle" id="push-fold-risk-title">
        {t('pushFold:equity.riskTitle')}
      </h3>
      {solved.riskPremiums.length === 0 ? (
        <p className="muted">{t('pushFold:equity.headsUp')}</p>
      ) : (
        <>
          <p className="muted">{t('pushFold:equity.riskText')}</p>
          {/* Wider than a phone at six seats and more: it scrolls, so the keyboard can reach and scroll it too. */}
          <div
            className="push-fold-table-wrap"
            role="region"
            aria-labelledby="push-fold-risk-title"
            tabIndex={0}
          >
            <table className="push-fold-table push-fold-table--matrix" data-testid="push-fold-risk">
              <caption className="visually-hidden">{t('pushFold:equity.riskCaption')}</caption>
              <thead>
                <tr>
                  <td />
                  {spot.stacks.slice(0, -1).map((_, pusher) => (
                    <th key={pusher} scope="col">
                      {t('pushFold:equity.against', { position: format.position(players, pusher) })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {spot.stacks.map((_, seat) =>
                  seat === 0 ? null : (
                    <tr key={seat}>
                      <th scope="row">{format.position(players, seat)}</th>
                      {spot.stacks.slice(0, -1).map((__, pusher) => {
                        const entry = pusher < seat ? premium(seat, pusher) : undefined;
                        return (
                          <td
                            key={pusher}
                            data-testid={entry ? `push-fold-risk-${seat}-${pusher}` : undefined}
                          >
                            {entry ? (
                              <>
                                <strong>{percent2((entry.icmBreakeven - entry.chipBreakeven) * 100)}</strong>
                                <small>
                                  {t('pushFold:equity.riskNeeds', {
                                    icm: percent2(entry.icmBreakeven * 100),
                                    chips: percent2(entry.chipBreakeven * 100),
                                  })}
                                </small>
                              </>
                            ) : (
                              '—'
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
