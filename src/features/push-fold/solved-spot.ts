// A solved spot as the views read it, whatever solved it: every decision (a push, a call against a pusher, an
// overcall) with its frequencies and each class's EV of playing and of folding in one unit, chip EV in big blinds or
// prize equity in percent of the prize pool, and under ICM each seat's equity and risk premiums.
import type { HeadsUpSolution, TableSolution } from '@/engine/engine-types';
import type { SpotEvUnit } from '@contract/spot-ev';

import type { ParsedSpot } from './spot-draft';

export type DecisionKind = 'push' | 'call' | 'overcall';

export interface SolvedDecision {
  /** Stable within the spot: "push-0", "call-0-5", "overcall-0-3-5". */
  key: string;
  kind: DecisionKind;
  seat: number;
  pusher: number | null;
  caller: number | null;
  /** Per class in grid order, 0 to 1. */
  frequency: number[];
  /** Per class, the EV of playing (pushing, calling) and of folding in the spot's unit; null where never reached. */
  playEv: (number | null)[];
  foldEv: (number | null)[];
}

export interface RiskPremium {
  seat: number;
  pusher: number;
  /** Heads-up all-in equity the seat needs to call under ICM and in chips, 0 to 1. */
  icmBreakeven: number;
  chipBreakeven: number;
}

export interface SolvedSpot {
  spot: ParsedSpot;
  unit: SpotEvUnit;
  decisions: SolvedDecision[];
  /** Prize equity of every seat before the hand and, for a table, after it under the solution (% of the pool). */
  equity: { before: number[]; after: number[] | null } | null;
  riskPremiums: RiskPremium[];
  /** What best responses would gain, in the unit (bb, or % of the pool). */
  exploitability: number;
}

const poolOf = (spot: ParsedSpot) => spot.payouts.reduce((sum, payout) => sum + payout, 0);

/** The key of a decision, as SolvedDecision.key. */
export function decisionKey(seat: number, pusher: number | null, caller: number | null): string {
  if (pusher === null) return `push-${seat}`;
  if (caller === null) return `call-${pusher}-${seat}`;
  return `overcall-${pusher}-${caller}-${seat}`;
}

/**
 * A heads-up solution: the small blind's push and the big blind's call. Chip EV stays in big blinds; prize equity
 * becomes percent of the pool, beside the seats' equity before the hand (`equityBefore`, prize units).
 */
export function fromHeadsUp(
  spot: ParsedSpot,
  solution: HeadsUpSolution,
  equityBefore: readonly number[] | null,
): SolvedSpot {
  const icm = spot.payouts.length > 0;
  const scale = icm ? 100 / poolOf(spot) : 1;
  const inUnit = (values: readonly number[]) => values.map((value) => value * scale);
  return {
    spot,
    unit: icm ? 'pool_pct' : 'bb',
    decisions: [
      {
        key: decisionKey(0, null, null),
        kind: 'push',
        seat: 0,
        pusher: null,
        caller: null,
        frequency: [...solution.push],
        playEv: inUnit(solution.push_ev),
        foldEv: inUnit(solution.fold_ev),
      },
      {
        key: decisionKey(1, 0, null),
        kind: 'call',
        seat: 1,
        pusher: 0,
        caller: null,
        frequency: [...solution.call],
        playEv: inUnit(solution.call_ev),
        foldEv: inUnit(solution.call_fold_ev),
      },
    ],
    equity: icm && equityBefore ? { before: equityBefore.map((value) => value * scale), after: null } : null,
    // Two players share the prizes in proportion to their chips: ICM is linear, so it adds no premium heads-up.
    riskPremiums: [],
    exploitability: solution.exploitability * scale,
  };
}

/** A table solution under ICM, in percent of the prize pool. */
export function fromTable(spot: ParsedSpot, solution: TableSolution): SolvedSpot {
  const scale = 100 / poolOf(spot);
  const inUnit = (values: readonly (number | null)[]) =>
    values.map((value) => (value === null ? null : value * scale));
  const decisions = solution.decisions.map((decision): SolvedDecision => ({
    key: decisionKey(decision.seat, decision.pusher, decision.caller),
    kind: decision.pusher === null ? 'push' : decision.caller === null ? 'call' : 'overcall',
    seat: decision.seat,
    pusher: decision.pusher,
    caller: decision.caller,
    frequency: [...decision.frequency],
    playEv: inUnit(decision.play_ev),
    foldEv: inUnit(decision.fold_ev),
  }));
  const riskPremiums = solution.decisions.flatMap((decision) =>
    decision.pusher !== null &&
    decision.caller === null &&
    decision.icm_breakeven !== null &&
    decision.chip_breakeven !== null
      ? [
          {
            seat: decision.seat,
            pusher: decision.pusher,
            icmBreakeven: decision.icm_breakeven,
            chipBreakeven: decision.chip_breakeven,
          },
        ]
      : [],
  );
  return {
    spot,
    unit: 'pool_pct',
    decisions,
    equity: {
      before: solution.equity_before.map((value) => value * scale),
      after: solution.equity_after.map((value) => value * scale),
    },
    riskPremiums,
    exploitability: solution.exploitability * 100,
  };
}

/** The seat's push and its calls and overcalls against each earlier seat, in the order a hand reaches them. */
export function decisionsOfSeat(solved: SolvedSpot, seat: number): SolvedDecision[] {
  return solved.decisions
    .filter((decision) => decision.seat === seat)
    .sort((a, b) => (a.pusher ?? -1) - (b.pusher ?? -1) || (a.caller ?? -1) - (b.caller ?? -1));
}

/**
 * The stack a decision is played for, in big blinds: what the seat can win or lose. A push risks its stack against
 * the deepest stack still to act, a call against the pusher's, an overcall against the deeper of the two all in.
 */
export function effectiveStack(
  spot: ParsedSpot,
  decision: Pick<SolvedDecision, 'seat' | 'pusher' | 'caller'>,
) {
  const own = spot.stacks[decision.seat]!;
  if (decision.pusher === null) return Math.min(own, Math.max(...spot.stacks.slice(decision.seat + 1)));
  const opponents = [decision.pusher, decision.caller ?? decision.pusher].map((seat) => spot.stacks[seat]!);
  return Math.min(own, Math.max(...opponents));
}
