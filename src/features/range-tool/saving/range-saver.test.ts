import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { classifySaveError } from './range-saver';
import { SaveTimeoutError } from './save-queue-types';

describe('classifySaveError', () => {
  it('holds a save the server could not be asked about, or refused because the session ended', () => {
    expect(classifySaveError(new TypeError('Failed to fetch'))).toBe('offline');
    expect(classifySaveError(new ApiError(0, 'held for another account'))).toBe('offline');
    // No answer in time (a hung connection): held and sent again like a request that never left.
    expect(classifySaveError(new SaveTimeoutError())).toBe('offline');
    expect(classifySaveError(new ApiError(0, 'The save got no answer in time'))).toBe('offline');
    // Signed out elsewhere, expired or pushed out by newer sign-ins: the edit waits for its owner's next sign-in.
    expect(classifySaveError(new ApiError(401, 'User is not authorized', 'unauthorized'))).toBe('offline');
  });

  it('retries a server that is busy or failing', () => {
    for (const status of [408, 429, 500, 503])
      expect(classifySaveError(new ApiError(status, 'busy'))).toBe('retry');
  });

  it('sets a range conflict aside only when the answer carries the range as it is now', () => {
    expect(classifySaveError(new ApiError(409, 'conflict'))).toBe('drop');
  });

  it('holds for the player a save of a range the server no longer has', () => {
    expect(classifySaveError(new ApiError(404, 'Not found', 'notFound'))).toBe('gone');
  });

  it('drops what retrying can never make the server take', () => {
    for (const status of [400, 402, 403, 413])
      expect(classifySaveError(new ApiError(status, 'refused'))).toBe('drop');
  });
});
