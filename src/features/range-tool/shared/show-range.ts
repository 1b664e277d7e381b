// Putting a range into the editor: the library opening one, a conflict's kept version, a deleted range saved again.
// Every part that shows a range goes through here, so a load is never counted as the player's edit.
import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import type {
  EquitySide,
  LegacyRangeSides,
  Pair,
  RangeButton,
  RangeSides,
  RangeWorkspace,
} from '@contract/categories';

import {
  buttonsAtom,
  categoryIdAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  extraVillainsAtom,
  heroSideAtom,
  noteAtom,
  rangeHistoryAtom,
  templateRangeIdAtom,
  villainSideAtom,
} from './atoms';
import { forgetFetchedCharts } from './chart-cache';
import { defaultButtons, legendButtons } from './default-buttons';
import { initHistory } from './range-history';
import { pairsFromList } from './range-rules';
import { defaultSides, exclusionsFromList, sidesFromCategory, workspaceFromCategory } from './range-save';

/** True while a loaded range is put into the editor: those atom writes are not edits (see useAutosave). */
let restoring = false;

/** Whether the atoms are being written by showRange right now (a load, not an edit). */
export const isRestoring = (): boolean => restoring;

/** The range's saved state as the editor shows it: the server's copy, or an edit the server has not confirmed. */
export interface ShownRange {
  note: string;
  buttons: RangeButton[];
  pairs: Pair[];
  sides: RangeSides | LegacyRangeSides | null;
  /** Extra villains and dead cards; undefined keeps the editor's (a body held by an older page, which had none). */
  workspace?: RangeWorkspace | null;
  /** A ready-made strategy: its chart is read-only (chartReadOnlyAtom). */
  template?: boolean;
}

/**
 * A side naming the range itself by id (older pages saved extra villains so) as the colour side it is: colours of
 * this chart follow the chart through copies, an id would name the original.
 */
const ownColorSide =
  (id: number, buttons: readonly RangeButton[]) =>
  (side: EquitySide): EquitySide => {
    if (side.category_id !== id) return side;
    const colors = side.colors?.length ? side.colors : buttons.map((button) => button.color.toUpperCase());
    return { colors: [...colors] };
  };

/** Puts a range into the editor without counting it as an edit (a load, or the version a conflict kept). */
export function showRange(id: number, range: ShownRange): void {
  restoring = true;
  try {
    appStore.set(categoryIdAtom, id);
    appStore.set(templateRangeIdAtom, range.template ? id : null);
    appStore.set(noteAtom, range.note);
    // A range saved without buttons gets the defaults now, in the interface language, and saves them with its first
    // edit: from then on they are the player's names.
    // A colour of the chart missing from its buttons (painted before painting kept to them) joins its legend.
    const pairs = pairsFromList(range.pairs);
    const language = appStore.get(languageAtom);
    const buttons = legendButtons(
      range.buttons.length ? range.buttons : defaultButtons(language),
      pairs,
      language,
    );
    appStore.set(buttonsAtom, buttons);
    appStore.set(rangeHistoryAtom, initHistory(pairs));
    appStore.set(comboExclusionsAtom, exclusionsFromList(range.pairs));
    // A range that never chose its sides plays its own first two colours against each other.
    const sides = sidesFromCategory(range.sides) ?? defaultSides(buttons);
    const own = ownColorSide(id, buttons);
    appStore.set(heroSideAtom, own(sides.hero));
    appStore.set(villainSideAtom, own(sides.villain));
    if (range.workspace !== undefined) {
      forgetFetchedCharts();
      const workspace = workspaceFromCategory(range.workspace);
      appStore.set(extraVillainsAtom, workspace.villains.map(own));
      appStore.set(deadCardsAtom, workspace.dead);
    }
  } finally {
    restoring = false;
  }
}
