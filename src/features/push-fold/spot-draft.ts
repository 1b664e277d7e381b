// The push/fold spot as the editor holds it (the player's text in each field) and as the engine takes it (numbers in
// big blinds): parsing checks every field the way the engine does, so the player reads a message at the field
// instead of the engine's refusal.
import type { AnteKind, Blinds } from '@/engine/engine-types';

export const MIN_PLAYERS = 2;
/** The table solver's most; heads-up (2) has a solver of its own. */
export const MAX_PLAYERS = 9;
/**
 * Deepest stack taken, in big blinds: push/fold is a short-stack model, and a bound keeps every EV the spot gives
 * inside what the server stores (contract/spot-ev.ts).
 */
export const MAX_STACK_BB = 10_000;
/** Largest ante, in big blinds (real antes are an eighth to one big blind). */
export const MAX_ANTE_BB = 10;
/** Largest number any field takes (chips, prize amounts). */
const MAX_AMOUNT = 1e12;
/** A chip stack is counted in this many chips per big blind when the editor switches from big blinds to chips. */
export const CHIPS_PER_BB = 100;

export type StackUnit = 'bb' | 'chips';
/**
 * How prizes are paid: chip EV (heads-up only: no prizes, the stack itself), winner takes all, 50/30/20, a double-up
 * (the top half of the field paid equally), satellite seats (the top `seats` paid equally) or a list of the player's.
 */
export const PAYOUT_PRESETS = [
  'chipEv',
  'winnerTakesAll',
  'top3',
  'doubleUp',
  'satellite',
  'custom',
] as const;
export type PayoutPreset = (typeof PAYOUT_PRESETS)[number];

export interface SpotDraft {
  players: number;
  unit: StackUnit;
  /** Every seat's stack as typed, in order of action (the blinds last); the first `players` take part. */
  stacks: string[];
  smallBlind: string;
  bigBlind: string;
  ante: string;
  anteKind: AnteKind;
  preset: PayoutPreset;
  /** Satellite: seats paid. */
  seats: string;
  /** Custom: payouts first place first ("50/30/20", "50 30 20"). */
  custom: string;
}

export const DEFAULT_DRAFT: SpotDraft = {
  players: 2,
  unit: 'bb',
  stacks: ['10', '10', '10', '10', '10', '10', '10', '10', '10'],
  smallBlind: '0.5',
  bigBlind: '1',
  ante: '0',
  anteKind: 'per_player',
  preset: 'chipEv',
  seats: '1',
  custom: '50/30/20',
};

/** A spot in the engine's terms: stacks and blinds in big blinds (the big blind 1), payouts empty for chip EV. */
export interface ParsedSpot {
  stacks: number[];
  blinds: Blinds;
  payouts: number[];
}

export type FieldName = 'stacks' | 'smallBlind' | 'bigBlind' | 'ante' | 'seats' | 'custom' | 'preset';

/** A refused field: `field` (a stack names its seat) and the message's key with what it names. */
export interface FieldError {
  field: FieldName;
  seat?: number;
  code:
    | 'required'
    | 'notANumber'
    | 'notPositive'
    | 'tooDeep'
    | 'anteTooLarge'
    | 'smallAboveBig'
    | 'chipEvHeadsUp'
    | 'presetPlayers'
    | 'seatsRange'
    | 'payoutsTooMany'
    | 'payoutsEmpty'
    | 'payoutsZero';
  values?: Record<string, number>;
}

/** A number as typed: "12.5" or, as in most of Europe, "12,5"; null for anything else. */
export function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^[+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) && value <= MAX_AMOUNT ? value : null;
}

/** Custom payouts, split on spaces, slashes, semicolons or commas (decimals with a point there: "12.5/7.5"). */
export function splitPayouts(text: string): string[] {
  return text.split(/[\s/;,]+/).filter(Boolean);
}

/** Positions in order of action for `players` seats: the key of each one's name (pushFold:positions.*). */
export function positionKeys(players: number): string[] {
  if (players <= 2) return ['sb', 'bb'];
  // Up to six players the seats before the button are named back from the cutoff (UTG, HJ, CO at six); from seven
  // the hijack and lojack keep their names and the first seats are under the gun.
  const early =
    players <= 6
      ? ['utg', 'hj', 'co'].slice(6 - players)
      : [...['utg', 'utg1', 'utg2'].slice(0, players - 6), 'lj', 'hj', 'co'];
  return [...early, 'btn', 'sb', 'bb'];
}

/** What the preset pays, first place first; null when it does not fit the player count (parseSpot says why). */
export function presetPayouts(preset: PayoutPreset, players: number, seats: number): number[] | null {
  switch (preset) {
    case 'chipEv':
      return players === 2 ? [] : null;
    case 'winnerTakesAll':
      return [100];
    case 'top3':
      return players >= 3 ? [50, 30, 20] : null;
    case 'doubleUp':
      return Array.from({ length: Math.max(1, Math.floor(players / 2)) }, () => 1);
    case 'satellite':
      return Number.isInteger(seats) && seats >= 1 && seats < players
        ? Array.from({ length: seats }, () => 1)
        : null;
    case 'custom':
      return null;
  }
}

/** The draft with another player count: chip EV is heads-up only, so a table starts as winner takes all. */
export function withPlayers(draft: SpotDraft, players: number): SpotDraft {
  const count = Math.min(MAX_PLAYERS, Math.max(MIN_PLAYERS, Math.round(players)));
  const preset = count > 2 && draft.preset === 'chipEv' ? 'winnerTakesAll' : draft.preset;
  return { ...draft, players: count, preset };
}

const scaled = (text: string, factor: number) => {
  const value = readNumber(text);
  return value === null ? text : String(Math.round(value * factor * 1e6) / 1e6);
};

/**
 * The draft counted in the other unit: to chips at CHIPS_PER_BB chips a big blind, back to big blinds by the big
 * blind typed. Fields that do not read as numbers stay as typed.
 */
export function withUnit(draft: SpotDraft, unit: StackUnit): SpotDraft {
  if (unit === draft.unit) return draft;
  const big = readNumber(draft.bigBlind);
  const factor = unit === 'chips' ? CHIPS_PER_BB : big && big > 0 ? 1 / big : 1;
  return {
    ...draft,
    unit,
    stacks: draft.stacks.map((stack) => scaled(stack, factor)),
    smallBlind: scaled(draft.smallBlind, factor),
    bigBlind: scaled(draft.bigBlind, factor),
    ante: scaled(draft.ante, factor),
  };
}

/** Reads and checks the whole draft: the spot in big blinds, or every field that is wrong. */
export function parseSpot(draft: SpotDraft): { spot: ParsedSpot | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const amount = (field: FieldName, text: string, positive: boolean, seat?: number): number | null => {
    const at = seat === undefined ? { field } : { field, seat };
    if (!text.trim()) return (errors.push({ ...at, code: 'required' }), null);
    const value = readNumber(text);
    if (value === null) return (errors.push({ ...at, code: 'notANumber' }), null);
    if (positive && value <= 0) return (errors.push({ ...at, code: 'notPositive' }), null);
    return value;
  };
  const big = amount('bigBlind', draft.bigBlind, true);
  const small = amount('smallBlind', draft.smallBlind, false);
  const ante = amount('ante', draft.ante, false);
  if (small !== null && big !== null && small > big)
    errors.push({ field: 'smallBlind', code: 'smallAboveBig' });
  if (ante !== null && big !== null && ante / big > MAX_ANTE_BB)
    errors.push({ field: 'ante', code: 'anteTooLarge', values: { max: MAX_ANTE_BB } });
  const inBb = (value: number) => (draft.unit === 'chips' && big ? value / big : value);
  const stacks = draft.stacks.slice(0, draft.players).map((text, seat) => {
    const value = amount('stacks', text, true, seat);
    if (value === null || big === null) return null;
    if (inBb(value) > MAX_STACK_BB) {
      errors.push({ field: 'stacks', seat, code: 'tooDeep', values: { max: MAX_STACK_BB } });
      return null;
    }
    return inBb(value);
  });
  const payouts = readPayouts(draft, errors);
  if (errors.length > 0 || big === null || small === null || ante === null || payouts === null)
    return { spot: null, errors };
  return {
    spot: {
      stacks: stacks as number[],
      blinds: { small: inBb(small), big: 1, ante: inBb(ante), ante_kind: draft.anteKind },
      payouts,
    },
    errors,
  };
}

function readPayouts(draft: SpotDraft, errors: FieldError[]): number[] | null {
  const { players, preset } = draft;
  if (preset === 'custom') {
    const parts = splitPayouts(draft.custom);
    if (parts.length === 0) return (errors.push({ field: 'custom', code: 'payoutsEmpty' }), null);
    if (parts.length > players)
      return (errors.push({ field: 'custom', code: 'payoutsTooMany', values: { players } }), null);
    const values = parts.map(readNumber);
    if (values.some((value) => value === null))
      return (errors.push({ field: 'custom', code: 'notANumber' }), null);
    if ((values as number[]).every((value) => value === 0))
      return (errors.push({ field: 'custom', code: 'payoutsZero' }), null);
    return values as number[];
  }
  if (preset === 'satellite') {
    const seats = readNumber(draft.seats);
    const payouts = seats === null ? null : presetPayouts(preset, players, seats);
    if (!payouts) errors.push({ field: 'seats', code: 'seatsRange', values: { max: players - 1 } });
    return payouts;
  }
  const payouts = presetPayouts(preset, players, 0);
  if (!payouts)
    errors.push(
      preset === 'chipEv'
        ? { field: 'preset', code: 'chipEvHeadsUp' }
        : { field: 'preset', code: 'presetPlayers', values: { min: 3 } },
    );
  return payouts;
}
