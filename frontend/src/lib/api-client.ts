import { fetchAuthSession } from 'aws-amplify/auth';
import type { z } from 'zod';
import { portalErrorSchema } from '@frameforge/functions/features/api-keys/contracts/api-keys';
import { getRuntimeConfig } from '../config/runtime-config';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    /** True when the text came from the server's `{error}` body. */
    readonly fromServer: boolean,
  ) {
    super(message);
  }
}

export const NOT_AUTHENTICATED = 'User not authenticated';

/** The session is gone (no token, or the server said so): the caller should sign the user out. */
export function isNotAuthenticated(error: unknown): boolean {
  return error instanceof Error && error.message === NOT_AUTHENTICATED;
}

export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Validates the answer, so a contract drift fails loudly here. */
  schema: z.ZodType<T>;
  /** Completes 'HTTP {status}: Failed to …' when the server gives no error text. */
  failure: string;
}

async function idToken(): Promise<string> {
  const { tokens } = await fetchAuthSession();
  const token = tokens?.idToken?.toString();
  if (!token) throw new ApiError(NOT_AUTHENTICATED, 401, false);
  return token;
}

/** Text of a failed answer: the body's `error`, else 'HTTP {status}: Failed to …'. */
export async function failureMessage(response: Response, failure: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = portalErrorSchema.safeParse(body);
  if (parsed.success && parsed.data.error.trim() !== '') {
    return new ApiError(parsed.data.error, response.status, true);
  }
  return new ApiError(`HTTP ${response.status}: Failed to ${failure}`, response.status, false);
}

/** The one client of the portal API: bearer id token, JSON in and out. */
export async function apiRequest<T>({ method, path, body, schema, failure }: ApiRequest<T>): Promise<T> {
  const { portalApiUrl } = getRuntimeConfig();
  const token = await idToken();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${portalApiUrl.replace(/\/+$/, '')}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw await failureMessage(response, failure);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError(`HTTP ${response.status}: Failed to ${failure} (unexpected response)`, response.status, false);
  }
  return parsed.data;
}
