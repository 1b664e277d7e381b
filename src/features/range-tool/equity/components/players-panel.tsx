import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';
import type { EquitySide } from '@contract/categories';
import { MAX_EXTRA_VILLAINS } from '@contract/limits';
import { sideChartColors } from '@contract/sides';

import { buttonsAtom, extraVillainsAtom, heroSideAtom, villainSideAtom } from '../../shared/atoms';
import type { VillainChart } from '../use-villain-charts';
import { SideRow } from './side-row';

/** A new villain: this chart's first action no player plays yet (another line of the chart), else a typed range. */
function newVillain(buttons: ReadonlyArray<{ color: string }>, sides: readonly EquitySide[]): EquitySide {
  const taken = new Set(sides.flatMap(sideChartColors).map((color) => color.toLowerCase()));
  const free = buttons.find((button) => !taken.has(button.color.toLowerCase()));
  return free ? { colors: [free.color.toUpperCase()] } : { text: '' };
}

/**
 * The players of the equity, saved with the range: the hero, the first villain and up to four more, each a range
 * from any source (SideRow). The chart's colours stay its actions; the rows say which range each player holds.
 */
export function PlayersPanel({ charts }: { charts: VillainChart[] }) {
  const { t } = useTranslation();
  const [hero, setHero] = useAtom(heroSideAtom);
  const [villain, setVillain] = useAtom(villainSideAtom);
  const [more, setMore] = useAtom(extraVillainsAtom);
  const buttons = useAtomValue(buttonsAtom);
  const setExtra = useCallback(
    (index: number, next: EquitySide) =>
      setMore((list) => list.map((value, at) => (at === index ? next : value))),
    [setMore],
  );

  return (
    <div className="players" data-testid="players">
      <SideRow
        playerKey="hero"
        name={t('ranges:equity.heroColors')}
        side={hero}
        charts={charts}
        onChange={setHero}
      />
      <SideRow
        playerKey="villain-1"
        name={more.length ? t('ranges:players.villain', { number: 1 }) : t('ranges:equity.villainColors')}
        side={villain}
        charts={charts}
        onChange={setVillain}
      />
      {more.map((entry, index) => (
        <SideRow
          // Villains have no id of their own: a removal re-keys the rows after it, which only resets their drafts.
          key={index}
          playerKey={`villain-${index + 2}`}
          name={t('ranges:players.villain', { number: index + 2 })}
          side={entry}
          charts={charts}
          onChange={(next) => setExtra(index, next)}
          onRemove={() => setMore(more.filter((_, at) => at !== index))}
        />
      ))}
      <button
        type="button"
        className="button button--ghost players__add"
        onClick={() => setMore([...more, newVillain(buttons, [hero, villain, ...more])])}
        disabled={more.length >= MAX_EXTRA_VILLAINS}
        title={t('multiway:limit')}
      >
        {t('ranges:players.add')}
      </button>
    </div>
  );
}
