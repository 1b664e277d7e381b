// Keeps the range tool's working state (working-state.ts) between visits: written shortly after each change and when
// the page is hidden, read back once per page and account. The state of a player who is not signed in comes back
// before the app's first render (restoreWorkingStateAtStart), so the equity of the last visit is computed with no
// click; an account's comes back once the session has answered. A stored state never replaces an edit made on this
// page, and the player's own sign-out removes the account's state from this browser (a session the server ended
// keeps it, with the open range, for the account's next sign-in: by the banner, the header's link to the auth page
// or after a reload, that sign-in finds the tool as the account left it, its held edits shown).
import { useEffect } from 'react';

import { getToken } from '@/lib/api-client';
import { languageAtom } from '@/lib/i18n';
import { endedSessionAtom, sessionAtom, useCurrentUser, useSession } from '@/lib/session';
import { appStore, useAtomValue } from '@/lib/store';
import type { RootType } from '@contract/categories';
import { colorSide } from '@contract/sides';

import {
  boardCardsAtom,
  buttonsAtom,
  categoryIdAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  extraVillainsAtom,
  heroSideAtom,
  holeCardsAtom,
  noteAtom,
  rangeHistoryAtom,
  rangeOwnerAtom,
  selectionScopeAtom,
  villainSideAtom,
} from '../shared/atoms';
import { CALL_COLOR, defaultButtons } from '../shared/default-buttons';
import { initHistory } from '../shared/range-history';
import { DEFAULT_COLOR, pairsFromList } from '../shared/range-rules';
import { exclusionsFromList, pairsToSave } from '../shared/range-save';
import {
  accountKeys,
  browserStorage,
  readWorkingState,
  removeWorkingState,
  WORKING_STATE_VERSION,
  type WorkingScope,
  type WorkingState,
  writeWorkingState,
} from '../shared/working-state';
import { openRange } from './use-range-library';

/** Changes are written this long after the last one (a drag paints many cells), and at once when the page hides. */
const WRITE_DELAY_MS = 300;

/** The player's own changes: any of these changing outside a restore means the page holds an edit. */
const EDITED = [
  categoryIdAtom,
  rangeHistoryAtom,
  comboExclusionsAtom,
  heroSideAtom,
  villainSideAtom,
  extraVillainsAtom,
  deadCardsAtom,
  boardCardsAtom,
  holeCardsAtom,
] as const;

const sameScope = (a: WorkingScope | null, b: WorkingScope | null) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a?.userId === b?.userId);

/** The tool's state as stored: a saved range by its id, the draft in full. */
export function captureWorkingState(): WorkingState {
  const board = appStore.get(boardCardsAtom);
  const hole = appStore.get(holeCardsAtom);
  const id = appStore.get(categoryIdAtom);
  if (id !== null) return { version: WORKING_STATE_VERSION, chart: { id }, board, hole };
  const buttons = appStore.get(buttonsAtom);
  const defaults = defaultButtons(appStore.get(languageAtom));
  const isDefault = JSON.stringify(buttons) === JSON.stringify(defaults);
  return {
    version: WORKING_STATE_VERSION,
    chart: {
      draft: {
        // The fresh chart's buttons stay the defaults, named in whichever language the next visit speaks.
        buttons: isDefault ? null : buttons,
        pairs: pairsToSave(appStore.get(rangeHistoryAtom).present, appStore.get(comboExclusionsAtom)),
        hero: appStore.get(heroSideAtom),
        villain: appStore.get(villainSideAtom),
        villains: appStore.get(extraVillainsAtom),
        dead: appStore.get(deadCardsAtom),
      },
    },
    board,
    hole,
  };
}

/** The page's one keeper of the working state (module state: it outlives a remount of the tool). */
const keeper = {
  /** The account whose state the page shows; null until known (a token whose session has not answered yet). */
  scope: null as WorkingScope | null,
  /** Where changes are written; null while the screen holds no state of the scope's own (after a sign-out). */
  owner: null as WorkingScope | null,
  /** The root type of the tool on screen; null while no tool is shown. */
  root: null as RootType | null,
  /** An edit was made on this page since the last restore: no stored state may replace it. */
  touched: false,
  /** True while a restore writes the atoms: those writes are not edits. */
  applying: false,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  started: false,
  /**
   * The account whose session the server ended and who signed in again while the tool was not showing its work (it
   * was on the auth page, or the page was reloaded meanwhile): the next time the tool is shown for it, its stored
   * state comes back, the open range with its held edit, whatever the screen held in between.
   */
  reopen: null as number | null,
};

const signedInId = () => appStore.get(sessionAtom).user?.id ?? null;

function write(): void {
  clearTimeout(keeper.timer);
  keeper.timer = undefined;
  if (keeper.owner && keeper.root) {
    writeWorkingState(browserStorage(), keeper.root, keeper.owner, captureWorkingState());
  }
}

/** Writes a change still waiting for its delay now (the page hides, or the tool closes). */
function writePending(): void {
  if (keeper.timer !== undefined) write();
}

function scheduleWrite(): void {
  clearTimeout(keeper.timer);
  keeper.timer = setTimeout(write, WRITE_DELAY_MS);
}

/**
 * Puts a stored state into the tool; a saved range is opened through the library (its held edit wins), if `wanted`
 * still holds once it has loaded (by default: the page still shows `scope`'s tool).
 */
function apply(
  state: WorkingState,
  scope: WorkingScope,
  wanted: () => boolean = () => sameScope(keeper.scope, scope),
): void {
  keeper.applying = true;
  try {
    if ('draft' in state.chart) {
      const { draft } = state.chart;
      // The selection goes first: with no range open, nothing below counts as an edit of a saved range.
      appStore.set(categoryIdAtom, null);
      appStore.set(noteAtom, '');
      appStore.set(buttonsAtom, draft.buttons);
      appStore.set(rangeHistoryAtom, initHistory(pairsFromList(draft.pairs)));
      appStore.set(comboExclusionsAtom, exclusionsFromList(draft.pairs));
      appStore.set(heroSideAtom, draft.hero);
      appStore.set(villainSideAtom, draft.villain);
      appStore.set(extraVillainsAtom, draft.villains);
      appStore.set(deadCardsAtom, draft.dead);
    }
    appStore.set(boardCardsAtom, state.board);
    appStore.set(holeCardsAtom, state.hole);
  } finally {
    keeper.applying = false;
  }
  if (!('id' in state.chart)) return;
  void openRange(state.chart.id, {
    quiet: true,
    // Asked after the requests: a player who edited meanwhile, or another account, keeps the screen.
    shouldShow: () => {
      if (keeper.touched || !wanted()) return false;
      keeper.applying = true;
      return true;
    },
  }).then((shown) => {
    keeper.applying = false;
    // A range that is gone (or another account's) is forgotten: the next visit opens the board alone.
    if (!shown && !keeper.touched && wanted()) write();
  });
}

/** The fresh tool: the empty chart with the default buttons and sides, no board. */
const FRESH: WorkingState = {
  version: WORKING_STATE_VERSION,
  chart: {
    draft: {
      buttons: null,
      pairs: [],
      hero: colorSide([DEFAULT_COLOR]),
      villain: colorSide([CALL_COLOR]),
      villains: [],
      dead: [],
    },
  },
  board: [],
  hole: [],
};

/** The page now shows `scope`'s tool: its stored state comes back unless the screen holds an edit. */
function enter(scope: WorkingScope): void {
  if (!keeper.root) return;
  if (scope !== 'anonymous' && keeper.reopen === scope.userId && signedInId() === scope.userId) {
    // Back after an ended session: the account's own work, stored for it, wins over what the screen held meanwhile
    // (the auth page's return cleared the selection; after a reload, the browser's own anonymous chart).
    keeper.reopen = null;
    // The library's clearing of the selection as the tool mounted is not the account's state to keep.
    clearTimeout(keeper.timer);
    keeper.timer = undefined;
    keeper.scope = scope;
    keeper.touched = false;
    keeper.owner = scope;
    const state = readWorkingState(browserStorage(), keeper.root, scope);
    if (state) apply(state, scope);
    return;
  }
  if (sameScope(keeper.scope, scope)) return;
  // An ended session this page did not show (it was reloaded since): its state waits, untouched, for its sign-in.
  if (scope !== 'anonymous' && signedInId() !== scope.userId) return;
  const before = keeper.scope;
  keeper.scope = scope;
  if (typeof before === 'object' && before !== null && typeof scope === 'object') {
    // One account straight to another (the first one's session ended, then someone else signed in): the first
    // one's chart never stays on screen for the second, edited or not. Its edits wait for it in the save queue.
    keeper.touched = false;
    keeper.owner = scope;
    apply(readWorkingState(browserStorage(), keeper.root, scope) ?? FRESH, scope);
    return;
  }
  if (keeper.touched) {
    // An edit made before the session answered is this account's; one left from another account is not.
    keeper.owner = before === null ? scope : null;
    if (keeper.owner) write();
    return;
  }
  keeper.owner = scope;
  const state = readWorkingState(browserStorage(), keeper.root, scope);
  if (state) apply(state, scope);
}

/** Watches the player's changes and the session once per page. */
function start(): void {
  if (keeper.started) return;
  keeper.started = true;
  for (const edited of EDITED) {
    appStore.sub(edited, () => {
      if (keeper.applying) return;
      keeper.touched = true;
      if (keeper.owner === null && keeper.scope !== null && keeper.root) keeper.owner = keeper.scope;
      scheduleWrite();
    });
  }
  // Renamed or added buttons are the draft's too; the language renaming the default ones is no edit.
  appStore.sub(buttonsAtom, () => {
    if (!keeper.applying && keeper.owner) scheduleWrite();
  });
  let user = signedInId();
  appStore.sub(sessionAtom, () => {
    const next = signedInId();
    // Read before the sign-in clears it (applySession sets the user first).
    const ended = appStore.get(endedSessionAtom)?.userId ?? null;
    if (next !== null && next !== user) {
      // The ended session's own account is back. A tool on screen that still shows its work (the banner's sign-in,
      // over the page) has nothing to bring back; otherwise the next showing of the tool does.
      const showing = keeper.root !== null && sameScope(keeper.scope, { userId: next });
      keeper.reopen = user === null && ended === next && !showing ? next : null;
    }
    // A session the server ended keeps the account's state: its range stays open for it until it signs in again.
    if (user !== null && next === null && appStore.get(endedSessionAtom)?.userId !== user) {
      // Signed out by the player: this browser forgets the account's state and writes none of it again.
      clearTimeout(keeper.timer);
      keeper.timer = undefined;
      removeWorkingState(browserStorage(), accountKeys(user));
      keeper.owner = null;
    }
    user = next;
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', writePending);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') writePending();
    });
  }
}

/** The tools whose last chart the flop report takes up, in this order. */
const REPORT_ROOTS: readonly RootType[] = ['preflop_root', 'tournament_root'];

/**
 * The flop report shown before any range tool on this page (opened directly, or reloaded there): the last chart of
 * `scope`'s cash tool comes back, else its tournament tool's, as the tool itself would bring it back, unless the page
 * holds a chart already. The tool shown later still takes up its own state (the page has not shown its tool yet).
 * The root type whose chart comes back, or null.
 */
export function restoreLastChart(scope: WorkingScope): RootType | null {
  start();
  if (keeper.scope !== null || keeper.touched) return null;
  // An ended session's state waits, untouched, for the account's sign-in.
  if (scope !== 'anonymous' && signedInId() !== scope.userId) return null;
  for (const root of REPORT_ROOTS) {
    const state = readWorkingState(browserStorage(), root, scope);
    if (!state) continue;
    // The range belongs to that tool's tree: the tool keeps it selected, and its edits saved, when it is shown.
    appStore.set(selectionScopeAtom, { rootType: root, owner: scope === 'anonymous' ? null : scope.userId });
    apply(state, scope, () => keeper.scope === null);
    return root;
  }
  return null;
}

const rootOfPath = (pathname: string): RootType | null => {
  const page = pathname.replace(/\/+$/, '') || '/';
  return page === '/' ? 'preflop_root' : page === '/tournament' ? 'tournament_root' : null;
};

/**
 * Before the app's first render: a player who is not signed in (no token in this browser) gets the last visit's
 * tool back at once, so the first render already shows it and its equity job starts with the first effects.
 */
export function restoreWorkingStateAtStart(pathname: string): void {
  const root = rootOfPath(pathname);
  if (!root) return;
  start();
  keeper.root = root;
  if (getToken() === null) enter('anonymous');
}

/** The range tool's part: states are kept for its root type, and an account's comes back once the session answers. */
export function useWorkingState(rootType: RootType): void {
  const ready = useSession().status === 'ready';
  // An account whose session the server ended is still the one the screen belongs to (rangeOwnerAtom).
  const userId = useAtomValue(rangeOwnerAtom);
  // Its sign-in changes no owner, yet may bring its work back (an ended session kept across a reload).
  const signedIn = useCurrentUser()?.id ?? null;

  useEffect(() => {
    start();
    keeper.root = rootType;
    return () => {
      writePending();
      keeper.root = null;
    };
  }, [rootType]);

  useEffect(() => {
    // Runs after the library's own effects of the same commit (it clears the selection when the account changes).
    if (ready) enter(userId === null ? 'anonymous' : { userId });
  }, [ready, userId, signedIn]);
}
