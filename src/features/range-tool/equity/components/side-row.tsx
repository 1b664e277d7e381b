import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/format';
import { useAtomValue } from '@/lib/store';
import type { EquitySide } from '@contract/categories';
import { cardText, parseCards } from '@contract/hands';
import { type SideSource, sideSource } from '@contract/sides';

import { buttonsAtom, categoryIdAtom } from '../../shared/atoms';
import { ColorToggle } from '../../shared/components/color-toggle';
import { pickerCard } from '../../shared/range-rules';
import { resolvedSidesAtom, type SideIssue } from '../atoms';
import { useSideNotation } from '../use-side-notation';
import { useTextDraft } from '../use-text-draft';
import { useChartButtons, type VillainChart } from '../use-villain-charts';
import { useVillainText } from '../use-villain-text';

const ISSUE_KEYS = {
  chartMissing: 'multiway:issue.chartMissing',
  textInvalid: 'multiway:issue.textInvalid',
  cardsTaken: 'multiway:issue.cardsTaken',
  empty: 'multiway:issue.empty',
} as const satisfies Record<Exclude<SideIssue, null>, string>;

/** What each editor of a side gets: the side, the player's name for labels, and where a changed side goes. */
interface SideEditorProps {
  side: EquitySide;
  player: string;
  onChange: (side: EquitySide) => void;
}

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A player's text field: a visually hidden label, the input (a draft kept until Enter or leaving it) and the reason
 * a typed value was refused, tied to the input for assistive technology.
 */
function SideField({
  label,
  field,
  placeholder,
  error,
  className = '',
}: {
  label: string;
  field: ReturnType<typeof useTextDraft>;
  placeholder: string;
  error: string | null;
  className?: string;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`player__text ${className}`.trim()}
        {...field}
        placeholder={placeholder}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        spellCheck={false}
        autoComplete="off"
      />
      {error && (
        <p id={errorId} className="range-error player__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A side's range as text: typed freely, kept once the engine reads it (Enter or leaving the field). */
function SideText({ side, player, onChange }: SideEditorProps) {
  const { t } = useTranslation();
  const notation = useSideNotation(side);
  const { error, check } = useVillainText();
  // Typing over a chart's text makes the side a typed range; the chart itself is never changed by it.
  const field = useTextDraft(notation, async (typed) => {
    const kept = await check(typed);
    if (kept === null) return false;
    onChange({ text: kept });
    return true;
  });
  return (
    <SideField
      label={t('multiway:textLabel', { player })}
      field={field}
      placeholder={t('multiway:textPlaceholder')}
      error={
        !error
          ? null
          : error.kind === 'tooLong'
            ? t('multiway:textTooLong', { max: error.max })
            : t('multiway:textError', { message: error.message })
      }
    />
  );
}

/** Two hole cards typed as "AhKd": kept when they are two different cards. */
function SideCards({ side, player, onChange }: SideEditorProps) {
  const { t } = useTranslation();
  const shown = (side.cards ?? []).join('');
  const field = useTextDraft(shown, async (typed) => {
    const cards = twoCards(typed);
    if (typed && !cards) return false;
    onChange({ cards: cards ?? [] });
    return true;
  });
  const typed = field.value.trim();
  const invalid = typed !== shown && typed !== '' && !twoCards(typed);
  return (
    <SideField
      label={t('ranges:players.cardsLabel', { player })}
      field={field}
      placeholder={t('ranges:players.cardsPlaceholder')}
      error={invalid ? t('ranges:players.cardsError') : null}
      className="player__cards"
    />
  );
}

/** Two different cards typed as "AhKd" (spaces and commas allowed), in the picker's spelling; else null. */
function twoCards(text: string): string[] | null {
  const cards = parseCards(text.replace(/[\s,]+/g, ''));
  if (!cards || cards.length !== 2 || cards[0] === cards[1]) return null;
  return cards.map((card) => pickerCard(cardText(card)));
}

/** Colour toggles: this chart's actions, or another chart's with "all actions" first. */
function SideColors({ side, player, onChange }: SideEditorProps) {
  const { t } = useTranslation();
  const openButtons = useAtomValue(buttonsAtom);
  const chartButtons = useChartButtons(side.category_id);
  const isChart = side.category_id !== undefined;
  const buttons = (isChart ? chartButtons : openButtons) ?? [];
  const colors = side.colors ?? [];
  const has = (color: string) => colors.some((value) => sameColor(value, color));
  const set = (next: string[]) =>
    onChange(isChart ? { category_id: side.category_id, colors: next } : { colors: next });
  const toggle = (color: string) =>
    set(has(color) ? colors.filter((value) => !sameColor(value, color)) : [...colors, color.toUpperCase()]);
  return (
    <span className="player__colors" role="group" aria-label={t('multiway:colors', { player })}>
      {isChart && (
        <button
          type="button"
          className={`chip-toggle${colors.length === 0 ? ' is-active' : ''}`}
          aria-pressed={colors.length === 0}
          onClick={() => set([])}
        >
          {t('ranges:players.allColors')}
        </button>
      )}
      {buttons.map((button) => (
        <ColorToggle key={button.color} button={button} active={has(button.color)} onToggle={toggle} />
      ))}
    </span>
  );
}

const SOURCE_VALUES = { colors: 'colors', text: 'text', cards: 'cards' } as const;

/** The side a player gets when switching its source in the select. */
function switched(value: string, current: EquitySide, firstColor: string | undefined): EquitySide {
  if (value === SOURCE_VALUES.text) return { text: current.text ?? '' };
  if (value === SOURCE_VALUES.cards) return { cards: current.cards ?? [] };
  if (value === SOURCE_VALUES.colors) return { colors: firstColor ? [firstColor.toUpperCase()] : [] };
  // A chart picked whole: every action of it until the player picks some.
  return { category_id: Number(value), colors: [] };
}

/** What the select shows for a side. */
const selectValue = (side: EquitySide, source: SideSource | null) =>
  source === 'chart' ? String(side.category_id) : (source ?? SOURCE_VALUES.colors);

/**
 * One player of the equity: where the range comes from (this chart's actions, another chart, typed text, hole
 * cards), its choice of colours or its text, its combos, and why it takes no part when it does not. Every side is
 * independent of the others: changing one never changes another or the chart.
 */
export function SideRow({
  playerKey,
  name,
  side,
  charts,
  onChange,
  onRemove,
}: {
  playerKey: string;
  name: string;
  side: EquitySide;
  charts: VillainChart[];
  onChange: (side: EquitySide) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const sourceId = useId();
  const openId = useAtomValue(categoryIdAtom);
  const buttons = useAtomValue(buttonsAtom);
  const resolved = useAtomValue(resolvedSidesAtom)[playerKey];
  const source = sideSource(side);
  const chartId = side.category_id;
  const listed = charts.filter((chart) => chart.id !== openId);
  const known = chartId === undefined || listed.some((chart) => chart.id === chartId);

  return (
    <div
      className={`player${onRemove ? ' player--extra' : ''}`}
      data-player={playerKey}
      data-source={source ?? undefined}
    >
      <span className="player__name">{name}</span>
      {onRemove && (
        <button
          type="button"
          className="tool-button player__remove"
          aria-label={t('ranges:players.remove', { player: name })}
          title={t('ranges:players.remove', { player: name })}
          onClick={onRemove}
        >
          ×
        </button>
      )}
      <label className="visually-hidden" htmlFor={sourceId}>
        {t('multiway:source', { player: name })}
      </label>
      <select
        id={sourceId}
        className="player__source"
        value={selectValue(side, source)}
        onChange={(event) => onChange(switched(event.target.value, side, buttons[0]?.color))}
      >
        <option value={SOURCE_VALUES.colors}>{t('ranges:players.sourceColors')}</option>
        <option value={SOURCE_VALUES.text}>{t('multiway:text')}</option>
        <option value={SOURCE_VALUES.cards}>{t('ranges:players.sourceCards')}</option>
        {(listed.length > 0 || !known) && (
          <optgroup label={t('multiway:charts')}>
            {!known && <option value={String(chartId)}>#{chartId}</option>}
            {listed.map((chart) => (
              <option key={chart.id} value={String(chart.id)}>
                {chart.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {(source === 'colors' || source === 'chart') && (
        <SideColors side={side} player={name} onChange={onChange} />
      )}
      {source === 'cards' ? (
        <SideCards side={side} player={name} onChange={onChange} />
      ) : (
        <SideText side={side} player={name} onChange={onChange} />
      )}
      {resolved && (
        <p
          className={`player__combos${resolved.issue ? ' player__combos--issue' : ''}`}
          data-testid={`combos-${playerKey}`}
          data-issue={resolved.issue ?? undefined}
        >
          {resolved.issue
            ? t(ISSUE_KEYS[resolved.issue])
            : t('ranges:summary.combos', {
                count: Math.round(resolved.combos),
                combos: format.number(Math.round(resolved.combos * 10) / 10),
              })}
        </p>
      )}
    </div>
  );
}
