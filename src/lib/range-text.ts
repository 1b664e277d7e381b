// The message of a range text the engine refused, in the interface language: what is wrong, with the token and the
// character it starts at, so "Cannot read this range: …" reads whole in every language the app speaks.
import type { RangeTextIssue } from '@/engine/range-text-error';

import { i18n } from './i18n';

const KEYS = {
  missing_hand: 'equity:rangeText.missing_hand',
  not_two_cards: 'equity:rangeText.not_two_cards',
  same_card_twice: 'equity:rangeText.same_card_twice',
  expected_hand: 'equity:rangeText.expected_hand',
  span_ends: 'equity:rangeText.span_ends',
  expected_class: 'equity:rangeText.expected_class',
  unknown_rank: 'equity:rangeText.unknown_rank',
  suited_pair: 'equity:rangeText.suited_pair',
  expected_suitedness: 'equity:rangeText.expected_suitedness',
  weight_not_number: 'equity:rangeText.weight_not_number',
  weight_out_of_range: 'equity:rangeText.weight_out_of_range',
  percent_not_number: 'equity:rangeText.percent_not_number',
  percent_out_of_range: 'equity:rangeText.percent_out_of_range',
  bracket_not_closed: 'equity:rangeText.bracket_not_closed',
  bracket_not_opened: 'equity:rangeText.bracket_not_opened',
  bracket_mismatch: 'equity:rangeText.bracket_mismatch',
  nested_bracket: 'equity:rangeText.nested_bracket',
  weight_twice: 'equity:rangeText.weight_twice',
} as const satisfies Record<RangeTextIssue['code'], string>;

export function rangeTextMessage(issue: RangeTextIssue): string {
  // A problem a newer engine names that this build has no words for still says which token and where.
  const key = Object.hasOwn(KEYS, issue.code) ? KEYS[issue.code] : 'equity:rangeText.unreadable';
  return i18n.t(key, { token: issue.token, position: issue.index + 1 });
}
