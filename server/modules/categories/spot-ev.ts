// The per-class EVs a range solved by the push/fold solver carries (contract/spot-ev.ts): checked on the way in,
// stored as JSON, copied with the range.
import type { CategoryKind } from '../../../contract/categories.ts';
import type { SpotEv } from '../../../contract/spot-ev.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * A client's spot EVs in stored form: colours upper-case, values as sent (the schema bounds them and refuses
 * non-finite numbers). Only a range holds them, and its two actions must be two colours: the trainer tells an
 * answer's EV by its colour.
 */
export function normalizeSpotEv(kind: CategoryKind, spotEv: SpotEv | null | undefined): SpotEv | null {
  if (!spotEv) return null;
  const play = spotEv.play.color.toUpperCase();
  const fold = spotEv.fold.color.toUpperCase();
  if (kind !== 'range' || play === fold) throw badRequest('invalidSpotEv');
  return {
    unit: spotEv.unit,
    play: { color: play, ev: spotEv.play.ev },
    fold: { color: fold, ev: spotEv.fold.ev },
  };
}

export const spotEvColumn = (spotEv: SpotEv | null): string | null =>
  spotEv ? JSON.stringify(spotEv) : null;

/** The stored column as the contract's value; NULL or unreadable text is no spot. */
export function parseSpotEv(json: string | null | undefined): SpotEv | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<SpotEv> | null;
    if (!value?.play || !value.fold || !Array.isArray(value.play.ev) || !Array.isArray(value.fold.ev))
      return null;
    return value as SpotEv;
  } catch {
    return null;
  }
}
