// The only place that calls fetch. Success bodies are `{ data }`, failures `{ error }` (ARCHITECTURE §6).
// lib cannot import features, so the app registers what happens on an error (SPEC §8: 402 opens the payment
// popup, anything else shows the server's message) through setApiErrorHandler.

const TOKEN_KEY = 'rangeforge.token';

export class ApiError extends Error {
  readonly status: number;
  /** The server's error key (contract/errors.ts ERROR_MESSAGES), used to translate the message. */
  readonly code: string | undefined;
  /** The whole error body: a 409 range conflict carries the range as it is now in `current`. */
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** `quiet` is true when the caller shows the failure itself; the handler then only does what must always happen. */
export type ApiErrorHandler = (error: ApiError, context: { quiet: boolean }) => void;

let errorHandler: ApiErrorHandler | null = null;

/** Registers the app-wide reaction to failed calls; returns a function that removes it. */
export function setApiErrorHandler(handler: ApiErrorHandler | null): () => void {
  errorHandler = handler;
  return () => {
    if (errorHandler === handler) errorHandler = null;
  };
}

/**
 * For a Premium rule the SPA knows before asking the server (a free user opening "share"): the app reacts exactly
 * as to the server's 402, with its message and the Premium window.
 */
export function notifyPremiumRequired(): void {
  errorHandler?.(new ApiError(402, 'Please activate full version', 'premiumRequired'), { quiet: false });
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts until reload.
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as multipart/form-data instead of JSON. */
  form?: FormData;
  /**
   * Callers that show the failure themselves (inline form errors, background polling) pass true; the global
   * handler is told, so it still opens the payment popup on 402 but shows no message of its own.
   */
  quiet?: boolean;
  signal?: AbortSignal;
  /** fetch keepalive: the request outlives the page (the range editor's last save on pagehide). */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function errorText(payload: unknown, fallback: string): string {
  if (payload && typeof payload === 'object' && 'error' in payload) {
    const value = (payload as { error: unknown }).error;
    if (typeof value === 'string' && value) return value;
    if (value && typeof value === 'object' && 'message' in value) return String(value.message);
  }
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const value = (payload as { message: unknown }).message;
    if (typeof value === 'string' && value) return value;
  }
  return fallback;
}

/** fetch, with a failure to reach the server (not an abort) told to the handler as ApiError status 0. */
async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    errorHandler?.(error, { quiet: Boolean(options.quiet) });
    throw error;
  }
}

/** The ApiError of a refused call (its `{ error, code }` body), told to the handler. */
function refused(response: Response, payload: unknown, options: RequestOptions): ApiError {
  const code =
    payload && typeof payload === 'object' && 'code' in payload && typeof payload.code === 'string'
      ? payload.code
      : undefined;
  const error = new ApiError(
    response.status,
    errorText(payload, response.statusText || `HTTP ${response.status}`),
    code,
    payload,
  );
  errorHandler?.(error, { quiet: Boolean(options.quiet) });
  return error;
}

/** Calls the API and resolves with the body's `data`; rejects with ApiError. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await send(
    buildUrl(path, options.query),
    {
      method,
      headers,
      body,
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    },
    options,
  );

  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok) throw refused(response, payload, options);
  if (payload && typeof payload === 'object' && 'data' in payload) return (payload as { data: T }).data;
  return payload as T;
}

/** A file the API answers with instead of JSON: its bytes and the name the server suggests for it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.zip"`), or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"\\/]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** GETs a file (a zip export); failures are the JSON errors of every other call, as ApiError. */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'quiet' | 'signal'> & { fallbackName: string },
): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send(path, { method: 'GET', headers, signal: options.signal }, options);
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    throw refused(response, payload, options);
  }
  const filename = attachmentName(response.headers.get('content-disposition'), options.fallbackName);
  return { blob: await response.blob(), filename };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
  upload: <T>(path: string, form: FormData, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, form }),
};
