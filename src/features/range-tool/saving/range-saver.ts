// The app's one range save queue (save-queue.ts over IndexedDB, behind a localStorage journal), living as long as the page and not as long as
// the range tool: a save still in flight when the player opens the store keeps going. It reports its state in
// saveStateAtom, replays what a previous page left, sends the rest with keepalive on pagehide and asks before
// the page unloads with edits the server has not confirmed. Every save names the revision it was based on; one the
// server refuses because the range moved meanwhile becomes a conflict for the player (rangeConflictsAtom); one of a
// range the server no longer has is held for the player's choice (goneRangesAtom).
import { ApiError } from '@/lib/api-client';
import { putCachedAnswer } from '@/lib/offline-cache';
import { sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import type { Category, RangeWorkspace, UpdateCategoryBody } from '@contract/categories';

import { rangeApi, rangePaths } from '../shared/api';
import {
  buttonsAtom,
  categoryIdAtom,
  chartReadOnlyAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  extraVillainsAtom,
  heroSideAtom,
  libraryVersionAtom,
  noteAtom,
  rangeHistoryAtom,
  rangeOwnerAtom,
  villainSideAtom,
} from '../shared/atoms';
import { pairsToSave, sidesToSave, workspaceToSave } from '../shared/range-save';
import { goneRangesAtom, rangeConflictsAtom, saveStateAtom } from './atoms';
import { indexedDbStore } from './pending-store';
import {
  conflictVersion,
  fullChart,
  isRangeBody,
  type RangeBody,
  type RangeOrigin,
  withConflict,
} from './range-conflict';
import { withGone } from './range-gone';
import { localStorageJournal } from './save-journal';
import { SaveQueue } from './save-queue';
import type { FailureKind, PendingSave } from './save-queue-types';

export type { RangeBody };

const keyOf = (userId: number, categoryId: number) => `${userId}:${categoryId}`;

/**
 * Network failures and overloaded servers are retried. A save refused because the session ended (signed out on
 * another device, expired, or pushed out by newer sign-ins) is held like one waiting for another account: the edit
 * is still its owner's, and it goes out once they sign in again (the refusal signs this page out, providers.tsx).
 * A save of a range the server no longer has (404: deleted in another tab, on another device, or by an accepted
 * strategy's swap) is held for the player, who saves it as a new range or discards it. Any other refusal (an invalid
 * body, a ready-made strategy's chart) never succeeds by retrying and is reported as "error renewing range".
 */
export function classifySaveError(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'offline';
  if (error.status === 0 || error.status === 401) return 'offline';
  if (error.status === 409 && conflictVersion(error.body)) return 'conflict';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  // The update route answers 404 only for a range that is not the caller's: ids are never reused, so it was deleted.
  if (error.status === 404) return 'gone';
  return 'drop';
}

/** Whose token the page holds: the only account a save may be sent for. */
const currentUserId = () => appStore.get(sessionAtom).user?.id ?? null;

/**
 * The revision each range was last known at on the server, by key: set when the editor loads a range and after
 * each confirmed save. A save names it as its base; a save replayed from an earlier page names its own.
 */
const revisions = new Map<string, number>();

/**
 * The workspace (extra villains, dead cards) the server took last for each range as this page knows it (opened with
 * the range, or confirmed with a save), as workspaceToSave spells it, by key. The workspace bumps no revision (last
 * writer wins), so nothing else would stop a save of the chart from carrying this page's unchanged workspace over
 * one another tab saved meanwhile: a save whose workspace is still this one leaves it out. Saves go one at a time,
 * so an edit made while another is in flight is compared with what that one gave the server.
 */
const baseWorkspaces = new Map<string, string>();
const workspaceText = (workspace: RangeWorkspace | null | undefined) =>
  JSON.stringify(workspaceToSave(workspace?.villains ?? [], workspace?.dead ?? []));

/** Each range's name and place as this page last heard them (opened, or confirmed by a save), by key. */
const origins = new Map<string, RangeOrigin>();
const originOf = ({ name, root_type, parent_id }: RangeOrigin): RangeOrigin => ({
  name,
  root_type,
  parent_id,
});

/** Ranges the player deleted on this page: a save of theirs still in flight then meets 404 and is let go quietly. */
const deletedHere = new Set<string>();

/** The body's fields to send: its workspace only when it differs from the one the server has from this page. */
function changedOnly(key: string, body: Omit<RangeBody, 'template' | 'origin'>): UpdateCategoryBody {
  if (body.workspace === undefined || baseWorkspaces.get(key) !== workspaceText(body.workspace)) return body;
  const { workspace: _unchanged, ...rest } = body;
  return rest;
}

async function send(
  save: PendingSave<RangeBody>,
  { keepalive, signal }: { keepalive: boolean; signal?: AbortSignal },
) {
  // The request goes with the signed-in user's token: another user's held save waits for its owner.
  if (currentUserId() !== save.userId) throw new ApiError(0, 'held for another account');
  const { template, origin: _kept, ...full } = save.body;
  const changed = changedOnly(save.key, full);
  if (template) {
    const { sides, workspace } = changed;
    return rangeApi.save(save.categoryId, workspace ? { sides, workspace } : { sides }, keepalive, signal);
  }
  const base = revisions.get(save.key) ?? full.base_revision;
  return rangeApi.save(
    save.categoryId,
    base === undefined ? changed : { ...changed, base_revision: base },
    keepalive,
    signal,
  );
}

function saved(save: PendingSave<RangeBody>, result: unknown): void {
  const category = result as Category;
  revisions.set(save.key, category.revision);
  if (typeof category.name === 'string') origins.set(save.key, originOf(category));
  if (save.body.workspace !== undefined) baseWorkspaces.set(save.key, workspaceText(save.body.workspace));
  // The offline copy follows the server: a reload without a connection opens the chart as saved.
  const paths = rangePaths(save.categoryId);
  void Promise.all([
    putCachedAnswer(paths.category, category),
    putCachedAnswer(paths.range, fullChart(save.body.pairs)),
  ]).catch(() => undefined);
}

function conflicted(save: PendingSave<RangeBody>, error: unknown): void {
  const theirs = error instanceof ApiError ? conflictVersion(error.body) : null;
  if (!theirs) return;
  const { key, userId, categoryId, body: mine } = save;
  appStore.set(rangeConflictsAtom, (list) => withConflict(list, { key, userId, categoryId, mine, theirs }));
}

/** The range is gone from the server: its newest edit is held for the player's choice (use-range-gone.ts). */
function wentMissing(save: PendingSave<RangeBody>): void {
  const { key, userId, categoryId, body: mine } = save;
  if (deletedHere.has(key)) {
    queue?.discard(key);
    return;
  }
  const known = appStore.get(goneRangesAtom).some((entry) => entry.key === key);
  appStore.set(goneRangesAtom, (list) => withGone(list, { key, userId, categoryId, mine }));
  // A conflict of the range waiting for a choice has no "theirs" left to keep.
  appStore.set(rangeConflictsAtom, (list) => list.filter((entry) => entry.key !== key));
  // The tree still shows the range: reloaded, it shows what the server has.
  if (!known) appStore.set(libraryVersionAtom, (version) => version + 1);
}

let queue: SaveQueue<RangeBody> | null = null;
let restored: { userId: number; done: Promise<void> } | null = null;

function rangeQueue(): SaveQueue<RangeBody> {
  if (queue) return queue;
  const created = new SaveQueue<RangeBody>({
    send,
    store: indexedDbStore<RangeBody>(),
    journal: localStorageJournal(isRangeBody),
    classify: classifySaveError,
    onStatus: (status) => appStore.set(saveStateAtom, status),
    onSaved: saved,
    onConflict: conflicted,
    onGone: wentMissing,
    rebase: (body, result) => ({ ...body, base_revision: (result as Category).revision }),
  });
  queue = created;
  // Another account signed in: the previous one's waiting saves stay held for it, unsent. An account whose session
  // the server ended keeps them queued: nothing is sent for it until it signs in again (send() holds them).
  appStore.sub(sessionAtom, () => {
    const userId = currentUserId();
    const owner = appStore.get(rangeOwnerAtom);
    created.release((save) => save.userId !== owner);
    // Another account's conflicts are its own: they come back from the store at its next sign-in.
    appStore.set(rangeConflictsAtom, (list) => list.filter((entry) => entry.userId === owner));
    appStore.set(goneRangesAtom, (list) => list.filter((entry) => entry.userId === owner));
    // The saves released wait in the store for their owner: whoever signs in next, on this page too, gets theirs
    // back and sent at once, not after the backoff of the attempts made while nobody could send them.
    if (restored?.userId !== userId) restored = null;
    if (userId !== null) void rangeSaver.restore().then(() => created.retryNow());
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => created.flushOnExit());
    // Back from the back/forward cache, or the connection returned: no need to wait for the backoff.
    window.addEventListener('pageshow', (event) => event.persisted && created.retryNow());
    window.addEventListener('online', () => created.retryNow());
    window.addEventListener('beforeunload', (event) => {
      if (!created.hasPending) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    });
  }
  return created;
}

/** The editor's current range as one save body. */
export function currentRangeBody(): RangeBody {
  return {
    pairs: pairsToSave(appStore.get(rangeHistoryAtom).present, appStore.get(comboExclusionsAtom)),
    buttons: appStore.get(buttonsAtom),
    note: appStore.get(noteAtom),
    sides: sidesToSave(appStore.get(heroSideAtom), appStore.get(villainSideAtom)),
    workspace: workspaceToSave(appStore.get(extraVillainsAtom), appStore.get(deadCardsAtom)),
  };
}

export const rangeSaver = {
  /**
   * Queues the editor's current state of `categoryId` (held in IndexedDB at once) for the range's owner: after the
   * server ended the session, still the account that opened it, so the edit waits for that account's sign-in.
   */
  queueEdit(categoryId: number): void {
    const userId = appStore.get(rangeOwnerAtom);
    if (userId === null) return;
    const key = keyOf(userId, categoryId);
    const base = revisions.get(key);
    const origin = origins.get(key);
    const current = origin ? { ...currentRangeBody(), origin } : currentRangeBody();
    const template = appStore.get(chartReadOnlyAtom) && appStore.get(categoryIdAtom) === categoryId;
    const body = template
      ? { ...current, template: true as const }
      : base === undefined
        ? current
        : { ...current, base_revision: base };
    rangeQueue().enqueue({ key, userId, categoryId, body });
  },
  /**
   * The editor opened range `categoryId` as the server has it (`category`: revision, workspace, name and place). A
   * held edit of it keeps the revision it was made on: if the server moved since, its save is a conflict for the
   * player, not an overwrite.
   */
  loaded(categoryId: number, category: Pick<Category, 'revision' | 'workspace'> & RangeOrigin): void {
    const { revision, workspace } = category;
    const userId = currentUserId();
    if (userId === null) return;
    const key = keyOf(userId, categoryId);
    origins.set(key, originOf(category));
    // A conflict waiting for the player keeps its old base: the next edit must not quietly win over theirs.
    if (queue?.inConflict(key)) return;
    const held = queue?.pendingBody(key);
    if (held?.base_revision !== undefined) revisions.set(key, held.base_revision);
    else if (!held) revisions.set(key, revision);
    // The editor shows the held body's workspace, which the server may not have: its next save sends it.
    if (held) baseWorkspaces.delete(key);
    else baseWorkspaces.set(key, workspaceText(workspace));
  },
  /** "Keep mine": my version is queued again on their revision and saved over theirs. */
  keepMine(key: string, body: RangeBody, userId: number, categoryId: number): void {
    if (body.base_revision !== undefined) revisions.set(key, body.base_revision);
    // All of mine goes over theirs, its workspace too.
    baseWorkspaces.delete(key);
    rangeQueue().enqueue({ key, userId, categoryId, body });
    void rangeQueue().flush();
  },
  /** A range made a moment ago (a conflict's copy) saved again with `body`, on the revision the body names. */
  saveCopy(userId: number, categoryId: number, body: RangeBody): void {
    rangeSaver.keepMine(keyOf(userId, categoryId), body, userId, categoryId);
  },
  /** "Keep theirs" (and after a copy): my unconfirmed version is forgotten; the editor continues from theirs. */
  forget(key: string, revision: number, workspace: RangeWorkspace | null): void {
    revisions.set(key, revision);
    baseWorkspaces.set(key, workspaceText(workspace));
    rangeQueue().discard(key);
  },
  /** A deleted range's held edit is let go (saved as a new range, or discarded by the player). */
  letGo(key: string): void {
    rangeQueue().discard(key);
    appStore.set(goneRangesAtom, (list) => list.filter((entry) => entry.key !== key));
  },
  /**
   * The player deleted these ranges (a range, or the folder or tournament holding them) on this page: their edits not
   * yet saved go with them, and a save of one already on its way is let go when it meets the deletion.
   */
  deleted(categoryIds: readonly number[]): void {
    const userId = currentUserId();
    if (userId === null) return;
    for (const categoryId of categoryIds) {
      const key = keyOf(userId, categoryId);
      deletedHere.add(key);
      rangeSaver.letGo(key);
    }
  },
  /** Replays, once per account and page, the saves a previous page could not confirm; resolves when queued. */
  restore(): Promise<void> {
    const userId = currentUserId();
    if (userId === null) return Promise.resolve();
    if (restored?.userId !== userId) {
      const done = rangeQueue()
        .restore(userId)
        .then(
          () => undefined,
          // No IndexedDB here: nothing can have been held either.
          () => undefined,
        );
      restored = { userId, done };
    }
    return restored.done;
  },
  /** Sends what waits now; true once the server has everything. */
  flush: (): Promise<boolean> => (queue ? queue.flush() : Promise.resolve(true)),
  hasPending: (): boolean => queue?.hasPending ?? false,
  /** Stops the queue's timers, as a page that is gone does (a test loading the next page); held saves stay stored. */
  dispose: (): void => queue?.dispose(),
  /**
   * The newest body of `categoryId` the server has not confirmed yet, shown instead of the server's copy. One the
   * server refused as a conflict is still the player's newest: the editor shows it while the player chooses, as it
   * did on the page where the conflict arose (a held edit sent at a sign-in after an ended session or a reload).
   */
  pendingBody(categoryId: number): RangeBody | undefined {
    const userId = currentUserId();
    if (userId === null) return undefined;
    const key = keyOf(userId, categoryId);
    return (
      queue?.pendingBody(key) ??
      appStore.get(rangeConflictsAtom).find((conflict) => conflict.key === key)?.mine ??
      queue?.goneSave(key)?.body
    );
  },
};
