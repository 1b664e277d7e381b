import type { TranslationKey } from '@/lib/i18n-keys';

// Translation keys of the engine's hand categories (crates/equity categories.rs, snake_case). Written out, not
// built from the name, so the translation test sees each key used.
export const CATEGORY_LABEL_KEYS: Record<string, TranslationKey> = {
  straight_flush: 'ranges:category.straight_flush',
  quads: 'ranges:category.quads',
  full_house: 'ranges:category.full_house',
  flush: 'ranges:category.flush',
  straight: 'ranges:category.straight',
  set: 'ranges:category.set',
  trips: 'ranges:category.trips',
  two_pair: 'ranges:category.two_pair',
  overpair: 'ranges:category.overpair',
  top_pair: 'ranges:category.top_pair',
  middle_pair: 'ranges:category.middle_pair',
  weak_pair: 'ranges:category.weak_pair',
  ace_high: 'ranges:category.ace_high',
  high_card: 'ranges:category.high_card',
  combo_draw: 'ranges:category.combo_draw',
  flush_draw: 'ranges:category.flush_draw',
  open_ended_straight_draw: 'ranges:category.open_ended_straight_draw',
  gutshot: 'ranges:category.gutshot',
  backdoor_flush_draw: 'ranges:category.backdoor_flush_draw',
};
