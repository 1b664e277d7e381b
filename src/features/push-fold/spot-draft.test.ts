import { describe, expect, it } from 'vitest';

import {
  DEFAULT_DRAFT,
  parseSpot,
  positionKeys,
  presetPayouts,
  readNumber,
  splitPayouts,
  type SpotDraft,
  withPlayers,
  withUnit,
} from './spot-draft';

const draft = (patch: Partial<SpotDraft>): SpotDraft => ({ ...DEFAULT_DRAFT, ...patch });

describe('push/fold spot draft', () => {
  it('reads numbers as typed in any of the four languages, and nothing else', () => {
    expect(readNumber('12.5')).toBe(12.5);
    expect(readNumber(' 12,5 ')).toBe(12.5);
    expect(readNumber('1 000')).toBe(1000);
    expect(readNumber('.5')).toBe(0.5);
    for (const bad of ['', 'ten', '1e3', '-1', '1.2.3', 'Infinity', '0x10', '1,000.5'])
      expect(readNumber(bad)).toBeNull();
  });

  it('names the seats from the first to act to the big blind', () => {
    expect(positionKeys(2)).toEqual(['sb', 'bb']);
    expect(positionKeys(3)).toEqual(['btn', 'sb', 'bb']);
    expect(positionKeys(6)).toEqual(['utg', 'hj', 'co', 'btn', 'sb', 'bb']);
    expect(positionKeys(9)).toEqual(['utg', 'utg1', 'utg2', 'lj', 'hj', 'co', 'btn', 'sb', 'bb']);
    for (let players = 2; players <= 9; players += 1) {
      const keys = positionKeys(players);
      expect(keys).toHaveLength(players);
      expect(new Set(keys).size).toBe(players);
    }
  });

  it('pays the presets: winner takes all, 50/30/20, the top half, satellite seats', () => {
    expect(presetPayouts('chipEv', 2, 0)).toEqual([]);
    expect(presetPayouts('chipEv', 3, 0)).toBeNull();
    expect(presetPayouts('winnerTakesAll', 6, 0)).toEqual([100]);
    expect(presetPayouts('top3', 6, 0)).toEqual([50, 30, 20]);
    expect(presetPayouts('top3', 2, 0)).toBeNull();
    expect(presetPayouts('doubleUp', 6, 0)).toEqual([1, 1, 1]);
    expect(presetPayouts('doubleUp', 9, 0)).toEqual([1, 1, 1, 1]);
    expect(presetPayouts('satellite', 6, 2)).toEqual([1, 1]);
    expect(presetPayouts('satellite', 6, 6)).toBeNull();
    expect(presetPayouts('satellite', 6, 1.5)).toBeNull();
    expect(splitPayouts('50/30/20')).toEqual(['50', '30', '20']);
    expect(splitPayouts(' 50, 30;20  12.5 ')).toEqual(['50', '30', '20', '12.5']);
  });

  it('gives the engine a heads-up chip-EV spot in big blinds', () => {
    expect(parseSpot(DEFAULT_DRAFT)).toEqual({
      spot: {
        stacks: [10, 10],
        blinds: { small: 0.5, big: 1, ante: 0, ante_kind: 'per_player' },
        payouts: [],
      },
      errors: [],
    });
  });

  it('counts a table in chips as big blinds, seats in order of action', () => {
    const chips = draft({
      players: 4,
      unit: 'chips',
      stacks: ['2000', '3000', '1600', '4000', '1', '1', '1', '1', '1'],
      smallBlind: '100',
      bigBlind: '200',
      ante: '25',
      anteKind: 'big_blind',
      preset: 'top3',
    });
    expect(parseSpot(chips).spot).toEqual({
      stacks: [10, 15, 8, 20],
      blinds: { small: 0.5, big: 1, ante: 0.125, ante_kind: 'big_blind' },
      payouts: [50, 30, 20],
    });
    // Switching units keeps the spot: to big blinds by the big blind typed, and back at 100 chips a big blind.
    const bb = withUnit(chips, 'bb');
    expect(bb.stacks.slice(0, 4)).toEqual(['10', '15', '8', '20']);
    expect([bb.smallBlind, bb.bigBlind, bb.ante]).toEqual(['0.5', '1', '0.125']);
    expect(parseSpot(bb).spot).toEqual(parseSpot(chips).spot);
    expect(withUnit(bb, 'chips').stacks.slice(0, 4)).toEqual(['1000', '1500', '800', '2000']);
  });

  it('moves a table off chip EV, which only heads-up has', () => {
    const table = withPlayers(DEFAULT_DRAFT, 6);
    expect(table.preset).toBe('winnerTakesAll');
    expect(withPlayers(table, 12).players).toBe(9);
    expect(withPlayers(table, 1).players).toBe(2);
    expect(parseSpot({ ...table, preset: 'chipEv' }).errors).toEqual([
      { field: 'preset', code: 'chipEvHeadsUp' },
    ]);
  });

  it('names every wrong field with its reason', () => {
    const { spot, errors } = parseSpot(
      draft({
        players: 3,
        stacks: ['0', '', 'lots', '5', '5', '5', '5', '5', '5'],
        smallBlind: '2',
        bigBlind: '1',
        ante: '11',
        preset: 'custom',
        custom: '50/30/20/10',
      }),
    );
    expect(spot).toBeNull();
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'stacks', seat: 0, code: 'notPositive' },
        { field: 'stacks', seat: 1, code: 'required' },
        { field: 'stacks', seat: 2, code: 'notANumber' },
        { field: 'smallBlind', code: 'smallAboveBig' },
        { field: 'ante', code: 'anteTooLarge', values: { max: 10 } },
        { field: 'custom', code: 'payoutsTooMany', values: { players: 3 } },
      ]),
    );
    expect(errors).toHaveLength(6);
    expect(parseSpot(draft({ stacks: ['20000', '10'] })).errors).toEqual([
      { field: 'stacks', seat: 0, code: 'tooDeep', values: { max: 10_000 } },
    ]);
    expect(parseSpot(draft({ preset: 'custom', custom: '0 0' })).errors).toEqual([
      { field: 'custom', code: 'payoutsZero' },
    ]);
    expect(parseSpot(draft({ preset: 'custom', custom: ' ' })).errors).toEqual([
      { field: 'custom', code: 'payoutsEmpty' },
    ]);
    expect(parseSpot(draft({ players: 4, preset: 'satellite', seats: '4' })).errors).toEqual([
      { field: 'seats', code: 'seatsRange', values: { max: 3 } },
    ]);
    expect(parseSpot(draft({ bigBlind: '0' })).errors).toEqual([{ field: 'bigBlind', code: 'notPositive' }]);
  });
});
