import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { endSession } from '../features/session/endSession';
import type { TSessionState } from '../features/session/session.slice';
import { readToken } from '../features/session/session.storage';
import { signOutReasonOf } from '../features/session/signOutReason';
import { takeBootRead } from './bootReads';
import { getCurrentPath } from './navigation';

export const API_PREFIX = '/api';

export interface TRequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** The request outlives the page (sent while leaving it, e.g. the welcome video's mark-shown call). */
  keepalive?: boolean;
}

/** Every failed call resolves to this shape; `message` is what a screen may show (spec 01 s.8). */
export interface TApiError {
  status: number | 'FETCH_ERROR';
  message: string;
  code?: string;
  /** The input the refusal belongs to (`field` of the error body, e.g. `email`), when the server names one. */
  field?: string;
  data?: unknown;
}

/** An empty body is an empty object; a body that is not JSON is returned as raw text and logged (spec 01 s.7). */
export function parseResponseBody(text: string, url: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    console.warn(`Response from ${url} is not JSON; using the raw text`, text);
    return text;
  }
}

function field(data: unknown, name: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Spec 01 s.8: a read fails with "status: response text" (or the status text when the body is empty);
 * a mutation with the body's message or error field, else the body text, else "HTTP status".
 */
export function buildErrorMessage(kind: 'query' | 'mutation', status: number, statusText: string, text: string, data: unknown): string {
  if (kind === 'query') return `${status}: ${text !== '' ? text : statusText}`;
  return field(data, 'message') ?? field(data, 'error') ?? (text !== '' ? text : `HTTP ${status}`);
}

/**
 * A 401 ends the session; so does a 403 unless the screen (or the call) is in the admin area, where a 403 is an
 * ordinary error (spec 01 s.4). Only a request that carried a token can end a session: a failed sign-in is not one.
 */
export function shouldEndSession(status: number, hadToken: boolean, url: string): boolean {
  if (!hadToken) return false;
  if (status === 401) return true;
  if (status === 403) return !getCurrentPath().includes('/admin') && !url.startsWith('/admin');
  return false;
}

/** What an endpoint's transformResponse may read besides the body: the response (its headers, e.g. a total count). */
export interface TApiMeta {
  response?: Response;
}

export const apiBaseQuery: BaseQueryFn<string | TRequestArgs, unknown, TApiError, object, TApiMeta> = async (args, api) => {
  const { url, method = 'GET', body, headers: extraHeaders, keepalive } = typeof args === 'string' ? { url: args, headers: undefined, keepalive: undefined } : args;
  const state = api.getState() as { session?: TSessionState };
  const token = state.session?.token ?? readToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  // A FormData body (an upload) goes as it is: the browser writes its multipart Content-Type with the boundary.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    // Home's first reads may have been sent by the boot script already (bootReads.ts): their answer, once.
    const early = method === 'GET' && body === undefined ? takeBootRead(url, token) : undefined;
    response = await (early ?? fetch(`${API_PREFIX}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'include',
      signal: api.signal,
      ...(keepalive ? { keepalive: true } : {}),
    }));
  } catch (error) {
    // A network error never ends the session.
    return { error: { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }

  const text = await response.text();
  const data = parseResponseBody(text, url);
  if (response.ok) return { data, meta: { response } };

  const code = field(data, 'code');
  if (shouldEndSession(response.status, Boolean(token), url)) endSession(api.dispatch, signOutReasonOf(code));
  const inputName = field(data, 'field');
  return {
    error: {
      status: response.status,
      message: buildErrorMessage(api.type, response.status, response.statusText, text, data),
      ...(code ? { code } : {}),
      ...(inputName ? { field: inputName } : {}),
      data,
    },
  };
};
