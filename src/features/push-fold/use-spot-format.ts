// The tool's figures in the interface language: EVs in big blinds or percent of the prize pool, stacks, frequencies
// and the names of seats and decisions.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatPercent, useFormat } from '@/lib/format';
import type { SpotEvUnit } from '@contract/spot-ev';

import type { SolvedDecision } from './solved-spot';
import { positionKeys } from './spot-draft';

/** Each position's name (keys spelt out, so the translation check finds them). */
const POSITION_KEYS = {
  utg: 'pushFold:positions.utg',
  utg1: 'pushFold:positions.utg1',
  utg2: 'pushFold:positions.utg2',
  lj: 'pushFold:positions.lj',
  hj: 'pushFold:positions.hj',
  co: 'pushFold:positions.co',
  btn: 'pushFold:positions.btn',
  sb: 'pushFold:positions.sb',
  bb: 'pushFold:positions.bb',
} as const;

const ACTION_KEYS = {
  push: 'pushFold:actions.push',
  call: 'pushFold:actions.call',
  overcall: 'pushFold:actions.overcall',
} as const;

/** What a unit is, for the texts that name it ("chip EV in big blinds"). */
export const UNIT_KEYS = { bb: 'pushFold:diff.unit.bb', pool_pct: 'pushFold:diff.unit.pool_pct' } as const;

export function useSpotFormat() {
  const { t } = useTranslation();
  const { language } = useFormat();
  return useMemo(() => {
    const number = (digits: number, sign = false) =>
      new Intl.NumberFormat(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay: sign ? 'exceptZero' : 'auto',
      });
    const signed = number(2, true);
    const two = number(2);
    const three = number(3);
    const stack = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const position = (players: number, seat: number) =>
      t(POSITION_KEYS[(positionKeys(players)[seat] ?? 'bb') as keyof typeof POSITION_KEYS]);
    return {
      /** An EV as the unit reads: a stack change in bb ("+1.23 bb"), or a share of the pool ("14.51%"). */
      ev: (value: number | null, unit: SpotEvUnit) =>
        value === null
          ? t('pushFold:cell.unreached')
          : unit === 'bb'
            ? t('pushFold:units.bb', { value: signed.format(value) })
            : t('pushFold:units.pct', { value: two.format(value) }),
      /** What a difference costs: bb ("0.123 bb"), or percent of the prize pool ("0.034% of the prize pool"). */
      cost: (value: number, unit: SpotEvUnit) =>
        unit === 'bb'
          ? t('pushFold:units.bb', { value: three.format(value) })
          : t('pushFold:units.pool', { value: three.format(value) }),
      /**
       * An exploitability to three decimals, or "below 0.001" (a heads-up solve is exact to about 1e-12 bb,
       * which would read 0.000).
       */
      exploitability: (value: number, unit: SpotEvUnit) => {
        const amount = (figure: number) =>
          unit === 'bb'
            ? t('pushFold:units.bb', { value: three.format(figure) })
            : t('pushFold:units.pool', { value: three.format(figure) });
        return value >= 0.0005 ? amount(value) : t('pushFold:units.below', { value: amount(0.001) });
      },
      /** A percentage given in percent, to two decimals ("16.67%"). */
      share: (percent: number) => t('pushFold:units.pct', { value: two.format(percent) }),
      /** The same in the few characters a cell holds ("0.12", "0.034"). */
      short: (value: number, unit: SpotEvUnit) => (unit === 'bb' ? two : three).format(value),
      stack: (value: number) => stack.format(value),
      percent: (fraction: number) => formatPercent(fraction, language, 0),
      position,
      /** "UTG push", "BB call vs UTG", "BB overcall vs UTG and CO". */
      decision: (players: number, decision: Pick<SolvedDecision, 'seat' | 'pusher' | 'caller'>) =>
        decision.pusher === null
          ? t('pushFold:result.push', { position: position(players, decision.seat) })
          : decision.caller === null
            ? t('pushFold:result.call', {
                position: position(players, decision.seat),
                pusher: position(players, decision.pusher),
              })
            : t('pushFold:result.overcall', {
                position: position(players, decision.seat),
                pusher: position(players, decision.pusher),
                caller: position(players, decision.caller),
              }),
      /** The action a decision plays: push, call or overcall. */
      action: (decision: Pick<SolvedDecision, 'kind'>) => t(ACTION_KEYS[decision.kind]),
    };
  }, [t, language]);
}
