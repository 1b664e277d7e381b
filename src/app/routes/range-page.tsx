import { useTranslation } from 'react-i18next';

import { RangeTool } from '@/features/range-tool/page/range-tool';
import type { RootType } from '@contract/categories';

export type { RootType };

/**
 * The page of / (cash, preflop_root) and /tournament (tournament_root): the range tool, one equity workspace where
 * painted and typed ranges, more villains, board and dead cards are the same state.
 */
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
      <section className="range-page__tool" aria-label={title}>
        <RangeTool rootType={rootType} />
      </section>
    </div>
  );
}
