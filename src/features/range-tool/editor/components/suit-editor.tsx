import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';
import { classCombos } from '@contract/hands';

import { ComboChips } from '../../equity/components/card-picker';
import { chartReadOnlyAtom, comboExclusionsAtom, suitCellAtom, suitModeAtom } from '../../shared/atoms';

/** Per-cell suit editor: each single combo of the chosen class can be left out of the equity ranges. */
export function SuitEditor() {
  const { t } = useTranslation();
  const suitMode = useAtomValue(suitModeAtom);
  const hand = useAtomValue(suitCellAtom);
  const [exclusions, setExclusions] = useAtom(comboExclusionsAtom);
  const readOnly = useAtomValue(chartReadOnlyAtom);
  if (!suitMode) return null;
  if (!hand) return <p className="suit-editor muted">{t('ranges:suits.pick')}</p>;
  const excluded = exclusions[hand] ?? [];
  const toggle = (combo: string) => {
    const next = excluded.includes(combo)
      ? excluded.filter((value) => value !== combo)
      : [...excluded, combo];
    const rest = { ...exclusions };
    if (next.length) rest[hand] = next;
    else delete rest[hand];
    setExclusions(rest);
  };
  return (
    <section className="suit-editor" aria-label={t('ranges:suits.title', { hand })}>
      <h3>{t('ranges:suits.title', { hand })}</h3>
      <div className="suit-editor__combos">
        {classCombos(hand).map((combo) => (
          <button
            key={combo}
            type="button"
            className={`chip-toggle${excluded.includes(combo) ? '' : ' is-active'}`}
            aria-pressed={!excluded.includes(combo)}
            data-combo={combo}
            disabled={readOnly}
            onClick={() => toggle(combo)}
          >
            <ComboChips combo={combo} />
          </button>
        ))}
      </div>
      <p className="muted suit-editor__note">{t('ranges:suits.note')}</p>
    </section>
  );
}
