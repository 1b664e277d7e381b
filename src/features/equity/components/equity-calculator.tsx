import './equity-calculator.css';

import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom } from '@/lib/store';

import { boardTextAtom, heroRangeTextAtom, villainRangeTextAtom } from '../atoms';
import { useEngineInfo } from '../use-engine-info';
import { useEquityCalculation } from '../use-equity';
import { EquityResults } from './equity-results';

export interface EquityCalculatorProps {
  rootType: 'preflop_root' | 'tournament_root';
}

/** Quick exact equity: two ranges in PokerStove notation and an optional board, recomputed as the player types. */
export function EquityCalculator({ rootType }: EquityCalculatorProps) {
  const { t } = useTranslation();
  const engine = useEngineInfo();
  useEquityCalculation();
  const [hero, setHero] = useAtom(heroRangeTextAtom);
  const [villain, setVillain] = useAtom(villainRangeTextAtom);
  const [board, setBoard] = useAtom(boardTextAtom);
  const ids = { hero: useId(), villain: useId(), board: useId() };

  return (
    <section className="equity-calculator" aria-labelledby={`${ids.hero}-title`} data-root-type={rootType}>
      <header className="equity-calculator__header">
        <h2 id={`${ids.hero}-title`}>{t('equity:title')}</h2>
        <span className={`equity-engine equity-engine--${engine.state}`} data-testid="engine-status">
          {engine.state === 'ready' && t('equity:engine.ready', { version: engine.version })}
          {engine.state === 'loading' && t('equity:engine.loading')}
          {engine.state === 'error' && t('equity:engine.failed', { message: engine.message })}
        </span>
      </header>
      <div className="equity-calculator__inputs">
        <label htmlFor={ids.hero}>{t('equity:hero')}</label>
        <input
          id={ids.hero}
          value={hero}
          onChange={(event) => setHero(event.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor={ids.villain}>{t('equity:villain')}</label>
        <input
          id={ids.villain}
          value={villain}
          onChange={(event) => setVillain(event.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor={ids.board}>{t('equity:board')}</label>
        <input
          id={ids.board}
          value={board}
          onChange={(event) => setBoard(event.target.value)}
          placeholder={t('equity:boardPlaceholder')}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <p className="equity-calculator__hint">{t('equity:notationHint')}</p>
      <EquityResults />
    </section>
  );
}
