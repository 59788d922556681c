// The Admin Panel's calls: the islands' API client, with failures logged as the spec asks.

import type { PublicUser } from '../../src/shared/contracts/users.ts';
import { type ApiRequest, type ApiResult, api } from '../lib/api.ts';

export async function adminCall<T>(path: string, request: ApiRequest): Promise<ApiResult<T>> {
  const result = await api<T>(path, request);
  if (!result.ok && result.cause !== undefined) {
    const method = request.method ?? 'GET';
    console.error(result.status === 0 ? `API call failed: ${method} ${path}` : `Unreadable answer: ${method} ${path}`, result.cause);
  }
  return result;
}

export function isUserList(value: unknown): value is PublicUser[] {
  return (
    Array.isArray(value) &&
    value.every((u) => typeof u === 'object' && u !== null && typeof (u as PublicUser)._id === 'string' && typeof (u as PublicUser).name === 'string')
  );
}

export const isAdmin = (user: PublicUser) => user.role === 'admin' || user.admin === true;
