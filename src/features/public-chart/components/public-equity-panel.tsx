import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import type { EquitySide, RangeButton } from '@contract/categories';
import { cardText, parseCards } from '@contract/hands';
import { colorSide } from '@contract/sides';

import type { PublicChart } from '../api';
import { usePublicEquity } from '../use-public-equity';

type VillainSource = 'text' | 'colors' | 'cards';
const SOURCES: readonly VillainSource[] = ['text', 'colors', 'cards'];
const SOURCE_KEYS = {
  text: 'publicChart:equity.source.text',
  colors: 'publicChart:equity.source.colors',
  cards: 'publicChart:equity.source.cards',
} as const satisfies Record<VillainSource, string>;

const GAP_KEYS = {
  noColors: 'publicChart:equity.noColors',
  noText: 'publicChart:equity.noText',
  noCards: 'publicChart:equity.noCards',
  boardCards: 'publicChart:equity.boardCards',
  boardSize: 'publicChart:equity.boardSize',
} as const;

/** Two hole cards typed as "AhKd" in the contract's spelling, or none while they do not read as two cards. */
const holeCards = (text: string): string[] => {
  const cards = parseCards(text);
  return cards && cards.length === 2 ? cards.map(cardText) : [];
};

function ColorChoice({
  buttons,
  chosen,
  onChange,
  legend,
}: {
  buttons: readonly RangeButton[];
  chosen: string[];
  onChange: (next: string[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="public-equity__colors">
      <legend>{legend}</legend>
      {buttons.map((button) => (
        <label key={button.color}>
          <input
            type="checkbox"
            checked={chosen.includes(button.color)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, button.color]
                  : chosen.filter((color) => color !== button.color),
              )
            }
          />
          <span className="public-legend__swatch" style={{ background: button.color }} aria-hidden="true" />
          {button.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The equity tool of a public chart: the hero plays actions of the chart; the opponent plays a typed range (any
 * format the engine reads, "top 15%" included), other actions of the chart, or two hole cards; on an optional
 * board. Exact heads-up equity from the engine in the visitor's browser, no account needed.
 */
export function PublicEquityPanel({ chart }: { chart: PublicChart }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ids = { text: useId(), cards: useId(), board: useId() };
  const painted = chart.buttons.filter((button) =>
    chart.pairs.some((pair) =>
      pair.colors.some((entry) => entry.color.toLowerCase() === button.color.toLowerCase()),
    ),
  );
  const [heroColors, setHeroColors] = useState(() => painted.slice(0, 1).map((button) => button.color));
  const [source, setSource] = useState<VillainSource>('text');
  const [villainText, setVillainText] = useState('top 20%');
  const [villainColors, setVillainColors] = useState(() => painted.slice(1, 2).map((button) => button.color));
  const [cardsText, setCardsText] = useState('');
  const [board, setBoard] = useState('');

  const hero: EquitySide = colorSide(heroColors);
  const villain: EquitySide =
    source === 'text'
      ? { text: villainText }
      : source === 'cards'
        ? { cards: holeCards(cardsText) }
        : colorSide(villainColors);
  const equity = usePublicEquity(chart.pairs, hero, villain, board);

  return (
    <section className="card public-equity" aria-labelledby="public-equity-title">
      <h2 id="public-equity-title" className="section-title">
        {t('publicChart:equity.title')}
      </h2>
      <ColorChoice
        buttons={chart.buttons}
        chosen={heroColors}
        onChange={setHeroColors}
        legend={t('publicChart:equity.hero')}
      />
      <fieldset className="public-equity__source">
        <legend>{t('publicChart:equity.villain')}</legend>
        <div className="public-equity__sources" role="radiogroup">
          {SOURCES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="villain-source"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
              />
              {t(SOURCE_KEYS[value])}
            </label>
          ))}
        </div>
        {source === 'text' && (
          <>
            <label htmlFor={ids.text}>{t('publicChart:equity.text')}</label>
            <textarea
              id={ids.text}
              rows={2}
              spellCheck={false}
              value={villainText}
              onChange={(event) => setVillainText(event.target.value)}
            />
            <p className="muted public-equity__hint">{t('publicChart:equity.textHint')}</p>
          </>
        )}
        {source === 'colors' && (
          <ColorChoice
            buttons={chart.buttons}
            chosen={villainColors}
            onChange={setVillainColors}
            legend={t('publicChart:equity.villainColors')}
          />
        )}
        {source === 'cards' && (
          <>
            <label htmlFor={ids.cards}>{t('publicChart:equity.cards')}</label>
            <input
              id={ids.cards}
              value={cardsText}
              placeholder="AhKd"
              autoComplete="off"
              onChange={(event) => setCardsText(event.target.value)}
            />
          </>
        )}
      </fieldset>
      <label htmlFor={ids.board}>{t('publicChart:equity.board')}</label>
      <input
        id={ids.board}
        value={board}
        placeholder="Kh9d4c"
        autoComplete="off"
        onChange={(event) => setBoard(event.target.value)}
      />
      <div className="public-equity__result" aria-live="polite" data-testid="public-equity">
        {equity.status === 'running' && <p className="muted">{t('publicChart:equity.running')}</p>}
        {equity.status === 'waiting' && <p className="muted">{t(GAP_KEYS[equity.gap])}</p>}
        {equity.status === 'failed' && (
          <p className="range-error" role="alert">
            {t('publicChart:equity.failed', { message: equity.message })}
          </p>
        )}
        {equity.status === 'done' && (
          <dl className="public-equity__figures">
            <div>
              <dt>{t('publicChart:equity.heroEquity')}</dt>
              <dd data-testid="public-hero-equity">{format.percent(equity.report.hero.equity, 2)}</dd>
            </div>
            <div>
              <dt>{t('publicChart:equity.villainEquity')}</dt>
              <dd data-testid="public-villain-equity">{format.percent(equity.report.villain.equity, 2)}</dd>
            </div>
            <div>
              <dt>{t('publicChart:equity.winTieLose')}</dt>
              <dd>
                {[equity.report.hero.win, equity.report.hero.tie, equity.report.hero.lose]
                  .map((share) => format.percent(share, 1))
                  .join(' / ')}
              </dd>
            </div>
            <div>
              <dt>{t('publicChart:equity.combos')}</dt>
              <dd>
                {format.number(equity.report.hero.combos)} / {format.number(equity.report.villain.combos)}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
