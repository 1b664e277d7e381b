import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

export type RootType = 'preflop_root' | 'tournament_root';

type CalculatorModule = { EquityCalculator: ComponentType<{ rootType: RootType }> };

// The range tool is the equity feature's (the lead's) EquityCalculator. Picking it up through a glob lets the page
// build before that file lands and wires it automatically once it exists.
const calculatorModules = import.meta.glob<CalculatorModule>(
  '../../features/equity/components/equity-calculator.tsx',
);
const loadCalculator = Object.values(calculatorModules)[0];
const EquityCalculator = loadCalculator
  ? lazy(async () => ({ default: (await loadCalculator()).EquityCalculator }))
  : null;

/** The page frame of / (cash, preflop_root) and /tournament (tournament_root). */
export function RangePage({ rootType }: { rootType: RootType }) {
  const { t } = useTranslation();
  const title =
    rootType === 'tournament_root' ? t('common:ranges.tournamentTitle') : t('common:ranges.cashTitle');
  const text =
    rootType === 'tournament_root' ? t('common:ranges.tournamentText') : t('common:ranges.cashText');
  return (
    <div className="range-page">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
      </header>
      <section className="range-page__tool" data-slot="equity-calculator" aria-label={title}>
        {EquityCalculator && (
          <Suspense
            fallback={
              <p className="state state--loading" role="status">
                <span className="spinner" aria-hidden="true" />
                {t('common:states.loading')}
              </p>
            }
          >
            <EquityCalculator rootType={rootType} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
