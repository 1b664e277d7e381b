import { useTranslation } from 'react-i18next';

import { roundCount, useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';

import { equityReportAtom, equityStatusAtom, heroHandAtom, type SideTotals } from '../atoms';

function SideRow({ name, totals }: { name: string; totals: SideTotals }) {
  const format = useFormat();
  const percent = (fraction: number) => format.percent(fraction, 2);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td className="equity-results__equity">{percent(totals.equity)}</td>
      <td>{percent(totals.win)}</td>
      <td>{percent(totals.tie)}</td>
      <td>{format.number(roundCount(totals.combos))}</td>
    </tr>
  );
}

export function EquityResults() {
  const { t } = useTranslation();
  const status = useAtomValue(equityStatusAtom);
  const report = useAtomValue(equityReportAtom);
  const heroHand = useAtomValue(heroHandAtom);

  return (
    <div className="equity-results" aria-live="polite" aria-busy={status.state === 'running'}>
      {status.state === 'running' && (
        <progress
          className="equity-results__progress"
          max={1}
          value={status.progress}
          aria-label={t('equity:computing')}
        />
      )}
      {status.state === 'error' && (
        <p className="equity-results__error" role="alert">
          {t('equity:error', { message: status.message })}
        </p>
      )}
      {report && status.state !== 'error' && (
        <>
          <table className="equity-results__table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">{t('equity:results.equity')}</th>
                <th scope="col">{t('equity:results.win')}</th>
                <th scope="col">{t('equity:results.tie')}</th>
                <th scope="col">{t('equity:results.combos')}</th>
              </tr>
            </thead>
            <tbody>
              <SideRow name={t('equity:hero')} totals={report.hero} />
              <SideRow name={t('equity:villain')} totals={report.villain} />
            </tbody>
          </table>
          <p className="equity-results__meta" data-testid="equity-meta">
            {heroHand && (
              <span data-testid="hero-hand">
                {t('equity:heroHand', { hand: t(`equity:handCategory.${heroHand}`) })} ·{' '}
              </span>
            )}
            {status.state === 'done' && t('equity:exactIn', { ms: Math.round(status.ms) })}
          </p>
        </>
      )}
    </div>
  );
}
