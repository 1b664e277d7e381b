import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';
import type { WorkspaceVillain } from '@contract/categories';
import { MAX_EXTRA_VILLAINS } from '@contract/limits';

import {
  buttonsAtom,
  categoryIdAtom,
  chartReadOnlyAtom,
  extraVillainsAtom,
  heroColorsAtom,
  villainColorsAtom,
} from '../atoms';
import { useSideText } from '../use-side-text';
import { useTextDraft } from '../use-text-draft';
import { useVillainCharts } from '../use-villain-charts';
import { ExtraVillain } from './extra-villain';

/**
 * A new villain: this range's first colour that neither side uses (another line of the same chart), else a text
 * range to type.
 */
function newVillain(
  categoryId: number | null,
  buttons: ReadonlyArray<{ color: string }>,
  used: readonly string[],
): WorkspaceVillain {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  const free = buttons.find((button) => !taken.has(button.color.toLowerCase()));
  return categoryId !== null && free
    ? { category_id: categoryId, colors: [free.color.toUpperCase()] }
    : { text: '' };
}

/** A player's range as PokerStove text: it follows the chart, and Enter (or leaving the field) paints what was typed. */
function RangeText({ colors, label }: { colors: string[]; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { text, error, apply } = useSideText(colors);
  // Typed text is painted into the chart: a ready-made strategy's field shows its range but takes no typing.
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const field = useTextDraft(text, async (typed) => {
    await apply(typed);
    return true;
  });
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('ranges:players.textLabel', { player: label })}
      </label>
      <input
        id={id}
        className="player__text"
        {...field}
        placeholder={t('ranges:players.textPlaceholder')}
        disabled={colors.length === 0}
        readOnly={readOnly}
        spellCheck={false}
        autoComplete="off"
      />
      {error && (
        <p className="range-error player__error" role="alert">
          {t('ranges:players.textError', { message: error })}
        </p>
      )}
    </>
  );
}

function ColorChips({ colors, onToggle }: { colors: string[]; onToggle?: (color: string) => void }) {
  const buttons = useAtomValue(buttonsAtom);
  const shown = onToggle
    ? buttons
    : buttons.filter((button) => colors.some((color) => color.toLowerCase() === button.color.toLowerCase()));
  return (
    <span className="player__colors">
      {shown.map((button) => {
        const active = colors.some((color) => color.toLowerCase() === button.color.toLowerCase());
        const content = (
          <>
            <span className="range-button__swatch" style={{ background: button.color }} aria-hidden="true" />
            {button.label || button.color}
          </>
        );
        return onToggle ? (
          <button
            key={button.color}
            type="button"
            className={`chip-toggle${active ? ' is-active' : ''}`}
            aria-pressed={active}
            onClick={() => onToggle(button.color)}
          >
            {content}
          </button>
        ) : (
          <span key={button.color} className="chip-toggle is-active">
            {content}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The players of the equity workspace, saved with the range: the hero and the first villain (colours of this chart,
 * also typed as text) and up to four more villains, each a chart of the library with its colours or a text range.
 */
export function PlayersPanel() {
  const { t } = useTranslation();
  const [hero, setHero] = useAtom(heroColorsAtom);
  const [villain, setVillain] = useAtom(villainColorsAtom);
  const [more, setMore] = useAtom(extraVillainsAtom);
  const buttons = useAtomValue(buttonsAtom);
  const categoryId = useAtomValue(categoryIdAtom);
  const charts = useVillainCharts();
  const toggle = (list: string[], color: string) =>
    list.includes(color) ? list.filter((value) => value !== color) : [...list, color];
  const usedColors = [
    ...hero,
    ...villain,
    ...more.flatMap((entry) => (entry.category_id === categoryId ? (entry.colors ?? []) : [])),
  ];

  const players = [
    {
      key: 'hero',
      name: t('ranges:equity.heroColors'),
      colors: hero,
      toggle: (c: string) => setHero(toggle(hero, c)),
    },
    {
      key: 'villain-1',
      name: more.length ? t('ranges:players.villain', { number: 1 }) : t('ranges:equity.villainColors'),
      colors: villain,
      toggle: (c: string) => setVillain(toggle(villain, c)),
    },
  ];

  return (
    <div className="players" data-testid="players">
      {players.map((player) => (
        <div key={player.key} className="player" data-player={player.key}>
          <span className="player__name">{player.name}</span>
          <ColorChips colors={player.colors} onToggle={player.toggle} />
          <RangeText colors={player.colors} label={player.name} />
        </div>
      ))}
      {more.map((entry, index) => (
        <ExtraVillain
          // Villains have no id of their own: a removal re-keys the rows after it, which only resets their drafts.
          key={index}
          villain={entry}
          index={index}
          charts={charts}
          onChange={(next) => setMore(more.map((value, at) => (at === index ? next : value)))}
          onRemove={() => setMore(more.filter((_, at) => at !== index))}
        />
      ))}
      <button
        type="button"
        className="button button--ghost players__add"
        onClick={() => setMore([...more, newVillain(categoryId, buttons, usedColors)])}
        disabled={more.length >= MAX_EXTRA_VILLAINS}
        title={t('multiway:limit')}
      >
        {t('ranges:players.add')}
      </button>
    </div>
  );
}
