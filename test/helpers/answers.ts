// The JSON API's answers as the HTTP tests read them: the body of an answer with the status
// expected (its text in the failure otherwise), or an error answer's status and words.

import { expect } from 'bun:test';

/** The answer's JSON body; throws, naming both statuses and the body, when the status is not `status`. */
export async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Expects the answer's status, and its `{error}` words when given. */
export async function fails(res: Response | Promise<Response>, status: number, error?: string): Promise<void> {
  const r = await res;
  const body = (await r.json()) as { error?: string };
  expect(r.status, JSON.stringify(body)).toBe(status);
  if (error !== undefined) expect(body.error).toBe(error);
}
