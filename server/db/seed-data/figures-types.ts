// The shape of engine-figures.json: the engine's numbers the seeded push/fold pack and the lessons are built from.
// Per-class arrays hold 169 values in grid order (HAND_CLASSES: AA, AKs, ..., AKo, KK, ...). Equities and
// frequencies are fractions (0..1), chip values big blinds, prize values percent of the prize pool.

/** A heads-up push/fold equilibrium (chip EV, no ante) at one effective stack. */
export interface HeadsUpFigures {
  stack: number;
  /** How often the small blind pushes each class, and the big blind calls with it. */
  push: number[];
  call: number[];
  /** The small blind's stack change when pushing each class (folding is -0.5); the big blind's when calling. */
  push_ev: number[];
  call_ev: number[];
  /** Each class's equity against the big blind's calling range, and against the small blind's pushing range. */
  eq_vs_call: number[];
  eq_vs_push: number[];
  /** The chance the big blind folds to a push when the small blind holds each class (card removal counted). */
  fold_chance: number[];
}

/** The bubble spot of spots.ts solved in prize equity (ICM). */
export interface BubbleFigures {
  stack: number;
  others: number[];
  payouts: number[];
  /** Each player's prize equity before the hand (small blind, big blind, the others). */
  prize_before: number[];
  push: number[];
  call: number[];
  push_ev: number[];
  /** The small blind's prize equity after folding, and the big blind's after folding to the push. */
  fold_ev: number;
  call_ev: number[];
  call_fold_ev: number;
  /** The big blind's prize equity after winning the all-in (the small blind out, two left). */
  call_win: number;
  /** Each class's equity against the small blind's bubble pushing range. */
  eq_vs_push: number[];
  /** The equity the big blind needs to call the push, in prize equity and in chips. */
  call_needs: number;
  chip_call_needs: number;
}

export interface CashFigures {
  /** Each opening chart's equity against a random hand, by position. */
  open_vs_random: Record<string, number>;
  /** Each class's equity against a random hand. */
  vs_random: number[];
  /** Each class's equity against the cutoff's and the button's opening ranges. */
  vs_co_open: number[];
  vs_btn_open: number[];
}

export interface EngineFigures {
  push_fold: HeadsUpFigures[];
  bubble: BubbleFigures;
  cash: CashFigures;
}
