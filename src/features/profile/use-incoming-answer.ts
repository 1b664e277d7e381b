import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { incomingDecided } from '@/lib/incoming-count';
import { useCurrentUser } from '@/lib/session';
import { pushToast } from '@/lib/toast';
import type { CategoryRef, IncomingStrategy } from '@contract/categories';

import { acceptIncoming, fetchAcceptSwap, rejectIncoming } from './api';

export interface AcceptQuestion {
  /** The incoming strategy's name. */
  name: string;
  /** The own category the free-tier swap deletes on accepting. */
  replaces: CategoryRef;
  /** The server refused the first answer: the category to lose is another one than the player was shown. */
  changed: boolean;
}

/** The category a 409 of accept says the swap would take now (the library changed since the player looked). */
function swapNow(error: unknown): CategoryRef | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'acceptSwapChanged') return null;
  const current = (error.body as { current?: { replaces?: CategoryRef | null } } | null)?.current;
  return current?.replaces ?? null;
}

/**
 * Accepting and rejecting incoming strategies. Before an accept the server is asked what it would cost: on the free
 * plan the first category of the list is deleted (SPEC §4), so the player is shown which one and confirms, or keeps
 * it. The accept names the category agreed to; when the library changed meanwhile the server refuses (409) with the
 * one it would take now, and the question is asked again with that one. `onSettled` refreshes the list.
 */
export function useIncomingAnswer(onSettled: () => void) {
  const { t } = useTranslation();
  const premium = Boolean(useCurrentUser()?.is_premium);
  const [busy, setBusy] = useState<number | null>(null);
  const [question, setQuestion] = useState<(AcceptQuestion & { id: number }) | null>(null);

  const failed = (error: unknown) => {
    pushToast(errorMessage(error, t), 'error');
    // Answered meanwhile (another tab, another device): the list shows what is left.
    if (error instanceof ApiError && error.status === 404) onSettled();
  };

  const send = async (strategy: { id: number; name: string }, agreed: CategoryRef | null) => {
    setBusy(strategy.id);
    try {
      const result = await acceptIncoming(strategy.id, agreed?.id ?? null);
      setQuestion(null);
      incomingDecided();
      pushToast(
        result.removed_category_id !== null && agreed
          ? t('profile:strategies.acceptedReplaced', { name: strategy.name, replaced: agreed.name })
          : t('profile:strategies.accepted', { name: strategy.name }),
        'success',
      );
      onSettled();
    } catch (error) {
      const replaces = swapNow(error);
      if (replaces) setQuestion({ id: strategy.id, name: strategy.name, replaces, changed: true });
      else {
        setQuestion(null);
        failed(error);
      }
    } finally {
      setBusy(null);
    }
  };

  const accept = async (strategy: IncomingStrategy) => {
    // Premium deletes nothing: no need to ask what it would cost (should the server see it otherwise, its 409
    // brings the question all the same).
    if (premium) return send(strategy, null);
    setBusy(strategy.id);
    let replaces: CategoryRef | null;
    try {
      replaces = await fetchAcceptSwap(strategy.id);
    } catch (error) {
      setBusy(null);
      failed(error);
      return;
    }
    if (replaces) {
      setBusy(null);
      setQuestion({ id: strategy.id, name: strategy.name, replaces, changed: false });
    } else await send(strategy, null);
  };

  const reject = async (strategy: IncomingStrategy) => {
    setBusy(strategy.id);
    try {
      await rejectIncoming(strategy.id);
      incomingDecided();
      pushToast(t('profile:strategies.rejected', { name: strategy.name }), 'info');
      onSettled();
    } catch {
      // The global error handler has shown the server's message; the row stays.
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    question,
    accept: (strategy: IncomingStrategy) => void accept(strategy),
    reject: (strategy: IncomingStrategy) => void reject(strategy),
    confirm: () => question && void send(question, question.replaces),
    cancel: () => setQuestion(null),
  };
}
