import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';

import { buttonsAtom, heroColorsAtom, moreVillainsAtom, villainColorsAtom } from '../atoms';
import { useRangeButtons } from '../use-range-editor';
import { useSideText } from '../use-side-text';

/** The engine's multiway equity takes 2 to 6 ranges: the hero and up to five villains. */
export const MAX_VILLAINS = 5;
const VILLAIN_PALETTE = ['#8E44AD', '#16A085', '#D35400', '#F39C12', '#7F8C8D', '#27AE60'];

/** A player's range as PokerStove text: it follows the chart, and Enter (or leaving the field) paints what was typed. */
function RangeText({ colors, label }: { colors: string[]; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { text, error, apply } = useSideText(colors);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = async () => {
    if (draft === null) return;
    const typed = draft;
    setDraft(null);
    if (typed.trim() !== text.trim()) await apply(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {t('ranges:players.textLabel', { player: label })}
      </label>
      <input
        id={id}
        className="player__text"
        value={draft ?? text}
        placeholder={t('ranges:players.textPlaceholder')}
        disabled={colors.length === 0}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
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
 * The players of the equity workspace: the hero, the first villain (both chosen by colour and saved with the range)
 * and up to four more villains, each with a colour of their own. Every player's range is the painted chart of its
 * colours and can be typed as text.
 */
export function PlayersPanel() {
  const { t } = useTranslation();
  const [hero, setHero] = useAtom(heroColorsAtom);
  const [villain, setVillain] = useAtom(villainColorsAtom);
  const [more, setMore] = useAtom(moreVillainsAtom);
  const { buttons, add } = useRangeButtons();
  const toggle = (list: string[], color: string) =>
    list.includes(color) ? list.filter((value) => value !== color) : [...list, color];

  const addVillain = () => {
    const used = new Set(buttons.map((button) => button.color.toLowerCase()));
    const color = VILLAIN_PALETTE.find((value) => !used.has(value.toLowerCase()));
    const number = more.length + 2;
    if (color) add({ color, label: t('ranges:players.villainLabel', { number }) });
    const chosen =
      color ??
      buttons.find((button) => ![...hero, ...villain, ...more].includes(button.color))?.color ??
      null;
    if (chosen) setMore([...more, chosen]);
  };

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
      {more.map((color, index) => {
        const name = t('ranges:players.villain', { number: index + 2 });
        return (
          <div key={color} className="player" data-player={`villain-${index + 2}`}>
            <span className="player__name">{name}</span>
            <ColorChips colors={[color]} />
            <button
              type="button"
              className="tool-button player__remove"
              aria-label={t('ranges:players.remove', { player: name })}
              title={t('ranges:players.remove', { player: name })}
              onClick={() => setMore(more.filter((value) => value !== color))}
            >
              ×
            </button>
            <RangeText colors={[color]} label={name} />
          </div>
        );
      })}
      <button
        type="button"
        className="button button--ghost players__add"
        onClick={addVillain}
        disabled={more.length >= MAX_VILLAINS - 1}
      >
        {t('ranges:players.add')}
      </button>
    </div>
  );
}
