import { useState } from 'react';

import { ApiError } from '@/lib/api-client';

import { confirm, recover } from './api';
import {
  forgetRestoreRequest,
  keepRestoreRequest,
  readRestoreRequest,
  type RestoreRequest,
} from './restore-request';

interface RestoreState {
  request: RestoreRequest | null;
  /** The request can no longer set the password (past its time, spent, or unknown to the server). */
  expired: boolean;
}

const isPast = (request: RestoreRequest | null) => request !== null && request.expiresAt <= Date.now();

/**
 * The restore flow of this tab: asks for a code (the answer's request token is kept in sessionStorage, so a reload
 * of the page resumes at the code step) and sets the new password with the code and that token.
 */
export function useRestore() {
  const [state, setState] = useState<RestoreState>(() => {
    const request = readRestoreRequest();
    return { request, expired: isPast(request) };
  });

  const ask = async (email: string): Promise<void> => {
    const { request_token: token } = await recover({ email });
    setState({ request: keepRestoreRequest(email, token), expired: false });
  };

  /** Whether the kept request may still set the password; marks it expired when it is past its time. */
  const checkOpen = (): boolean => {
    if (state.request !== null && !isPast(state.request)) return true;
    setState((current) => ({ ...current, expired: true }));
    return false;
  };

  const setPassword = async (code: string, password: string): Promise<void> => {
    const { request } = state;
    if (!request) throw new ApiError(400, 'restoreRequestExpired', 'restoreRequestExpired');
    try {
      await confirm({ email: request.email, code, password, request_token: request.token });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'restoreRequestExpired') {
        setState({ request, expired: true });
      }
      throw error;
    }
    forgetRestoreRequest();
    setState({ request: null, expired: false });
  };

  /** Back to the e-mail step: the old request is dropped (a new one will be asked for). */
  const restart = (): void => {
    forgetRestoreRequest();
    setState({ request: null, expired: false });
  };

  return { request: state.request, expired: state.expired, ask, checkOpen, setPassword, restart };
}
