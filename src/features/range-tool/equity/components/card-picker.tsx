import './card-picker.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom } from '@/lib/store';

import { boardCardsAtom, deadCardsAtom, holeCardsAtom } from '../../shared/atoms';
import { ALL_CARDS, MAX_BOARD_CARDS, MAX_HOLE_CARDS, RANKS, toggleCard } from '../../shared/range-rules';
import { fourColorDeckAtom, SUIT_ROWS } from '../deck-style';
import { randomCards } from '../equity-rules';

const SUIT_SYMBOL: Record<string, string> = { h: '♥', c: '♣', d: '♦', s: '♠' };

/** A card as a small chip: rank (the engine's "T" shown as 10, like the picker) and suit symbol. */
export function CardChip({ card, className = '' }: { card: string; className?: string }) {
  const suit = card.slice(-1);
  return (
    <span className={`card-chip card-chip--${suit} ${className}`} data-card={card}>
      {card.slice(0, -1).replace(/^T$/, '10')}
      {SUIT_SYMBOL[suit]}
    </span>
  );
}

/** A single combo of the chart ("AhKh", the engine's "T" for ten) as its two card chips. */
export function ComboChips({ combo }: { combo: string }) {
  const card = (text: string) => (text.startsWith('T') ? `10${text.slice(1)}` : text);
  return (
    <>
      <CardChip card={card(combo.slice(0, 2))} />
      <CardChip card={card(combo.slice(2))} />
    </>
  );
}

type Target = 'board' | 'hole' | 'dead';

/** Dead cards: enough for a full ring's folded hands seen at showdown. */
const MAX_DEAD_CARDS = 20;

/**
 * The 52-card picker for the board (at most 5) and the hole cards (at most 2), with random streets: one row per suit,
 * cards large enough to tap, in the four-colour deck unless the player chose two colours.
 */
export function CardPicker() {
  const { t } = useTranslation();
  const [board, setBoard] = useAtom(boardCardsAtom);
  const [hole, setHole] = useAtom(holeCardsAtom);
  const [dead, setDead] = useAtom(deadCardsAtom);
  const [target, setTarget] = useState<Target>('board');
  const [fourColor, setFourColor] = useAtom(fourColorDeckAtom);

  const pick = (card: string) => {
    if (target === 'board') setBoard(toggleCard(board, card, MAX_BOARD_CARDS));
    else if (target === 'hole') setHole(toggleCard(hole, card, MAX_HOLE_CARDS));
    else setDead(toggleCard(dead, card, MAX_DEAD_CARDS));
  };
  /** Deals the street's cards on top of the board's first cards (a turn needs a flop, and so on). */
  const deal = (size: 3 | 4 | 5) => {
    const kept = size === 3 ? [] : board.slice(0, size - 1);
    setBoard([...kept, ...randomCards(ALL_CARDS, [...kept, ...hole, ...dead], size - kept.length)]);
  };

  return (
    <section className="card-picker" aria-label={t('ranges:cards.title')}>
      <div className="card-picker__targets" role="radiogroup" aria-label={t('ranges:cards.target')}>
        {(['board', 'hole', 'dead'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={target === value}
            className={`chip-toggle${target === value ? ' is-active' : ''}`}
            onClick={() => setTarget(value)}
          >
            {value === 'board'
              ? t('ranges:cards.boardTarget')
              : value === 'hole'
                ? t('ranges:cards.holeTarget')
                : t('ranges:cards.deadTarget')}
          </button>
        ))}
      </div>
      <div className="card-picker__selected">
        <span className="muted">{t('ranges:cards.boardTarget')}:</span>
        <span data-testid="board-cards" className="card-picker__chips">
          {board.map((card) => (
            <CardChip key={card} card={card} />
          ))}
        </span>
        <span className="muted">{t('ranges:cards.holeTarget')}:</span>
        <span data-testid="hole-cards" className="card-picker__chips">
          {hole.map((card) => (
            <CardChip key={card} card={card} />
          ))}
        </span>
        {dead.length > 0 && <span className="muted">{t('ranges:cards.deadTarget')}:</span>}
        <span data-testid="dead-cards" className="card-picker__chips">
          {dead.map((card) => (
            <CardChip key={card} card={card} />
          ))}
        </span>
      </div>
      <div className="card-picker__actions">
        <button type="button" className="button button--ghost" onClick={() => deal(3)}>
          {t('ranges:cards.randomFlop')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => deal(4)}>
          {t('ranges:cards.randomTurn')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => deal(5)}>
          {t('ranges:cards.randomRiver')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => (target === 'board' ? setBoard([]) : target === 'hole' ? setHole([]) : setDead([]))}
        >
          {t('ranges:cards.clear')}
        </button>
      </div>
      <label className="card-picker__deck-style">
        <input type="checkbox" checked={fourColor} onChange={(event) => setFourColor(event.target.checked)} />
        {t('ranges:cards.fourColor')}
      </label>
      <div className="card-picker__deck">
        {SUIT_ROWS.map(({ suit, symbol, label }) => (
          <div key={suit} className="card-picker__suit" role="group" aria-label={t(label)}>
            {RANKS.map((rank) => {
              const card = `${rank}${suit}`;
              const onBoard = board.includes(card);
              const inHand = hole.includes(card);
              const isDead = dead.includes(card);
              const mine = target === 'board' ? onBoard : target === 'hole' ? inHand : isDead;
              return (
                <button
                  key={card}
                  type="button"
                  className={`deck-card card-chip--${suit}${onBoard ? ' is-board' : ''}${inHand ? ' is-hole' : ''}${isDead ? ' is-dead' : ''}`}
                  aria-pressed={mine}
                  disabled={!mine && (onBoard || inHand || isDead)}
                  data-card={card}
                  onClick={() => pick(card)}
                >
                  <span className="deck-card__rank">{rank}</span>
                  <span className="deck-card__suit">{symbol}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
