// The app's one range save queue (save-queue.ts over IndexedDB), living as long as the page and not as long as
// the range tool: a save still in flight when the player opens the store keeps going. It reports its state in
// saveStateAtom, replays what a previous page left, sends the rest with keepalive on pagehide and asks before
// the page unloads with edits the server has not confirmed.
import { ApiError } from '@/lib/api-client';
import { sessionAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import type { UpdateCategoryBody } from '@contract/categories';

import { rangeApi } from './api';
import {
  buttonsAtom,
  comboExclusionsAtom,
  deadCardsAtom,
  extraVillainsAtom,
  heroColorsAtom,
  noteAtom,
  rangeHistoryAtom,
  saveStateAtom,
  villainColorsAtom,
} from './atoms';
import { indexedDbStore } from './pending-store';
import { pairsToSave, sidesToSave, workspaceToSave } from './range-save';
import { type PendingSave, SaveQueue } from './save-queue';

/** `workspace` is absent only from bodies an older page held in IndexedDB. */
export type RangeBody = Required<Pick<UpdateCategoryBody, 'pairs' | 'buttons' | 'note' | 'sides'>> &
  Pick<UpdateCategoryBody, 'workspace'>;

const keyOf = (userId: number, categoryId: number) => `${userId}:${categoryId}`;

/**
 * Network failures and overloaded servers are retried; any other refusal (the range was deleted, the session
 * ended, the body is invalid) never succeeds by retrying and is reported as "error renewing range".
 */
export function classifySaveError(error: unknown): 'offline' | 'retry' | 'drop' {
  if (!(error instanceof ApiError)) return 'offline';
  if (error.status === 0) return 'offline';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  return 'drop';
}

const currentUserId = () => appStore.get(sessionAtom).user?.id ?? null;

async function send(save: PendingSave<RangeBody>, { keepalive }: { keepalive: boolean }) {
  // The request goes with the signed-in user's token: another user's held save waits for its owner.
  if (currentUserId() !== save.userId) throw new ApiError(0, 'held for another account');
  await rangeApi.save(save.categoryId, save.body, keepalive);
}

let queue: SaveQueue<RangeBody> | null = null;
let restored: { userId: number; done: Promise<void> } | null = null;

function rangeQueue(): SaveQueue<RangeBody> {
  if (queue) return queue;
  const created = new SaveQueue<RangeBody>({
    send,
    store: indexedDbStore<RangeBody>(),
    classify: classifySaveError,
    onStatus: (status) => appStore.set(saveStateAtom, status),
  });
  queue = created;
  // Another account signed in: the previous one's waiting saves stay held for it, unsent.
  appStore.sub(sessionAtom, () => {
    const userId = currentUserId();
    created.release((save) => save.userId !== userId);
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
    sides: sidesToSave(appStore.get(heroColorsAtom), appStore.get(villainColorsAtom)),
    workspace: workspaceToSave(appStore.get(extraVillainsAtom), appStore.get(deadCardsAtom)),
  };
}

export const rangeSaver = {
  /** Queues the editor's current state of `categoryId` (held in IndexedDB at once). */
  queueEdit(categoryId: number): void {
    const userId = currentUserId();
    if (userId === null) return;
    rangeQueue().enqueue({ key: keyOf(userId, categoryId), userId, categoryId, body: currentRangeBody() });
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
  /** The newest body of `categoryId` the server has not confirmed yet, shown instead of the server's copy. */
  pendingBody(categoryId: number): RangeBody | undefined {
    const userId = currentUserId();
    return userId === null ? undefined : queue?.pendingBody(keyOf(userId, categoryId));
  },
};
