// Reads Accept-Encoding: which of the encodings we can send the browser takes, and marks answers
// that depend on it.

/**
 * The best of `offered` (our order of preference) that the Accept-Encoding header accepts, or
 * undefined for the plain answer. Higher q-values win; on a tie our order decides. `q=0` refuses
 * an encoding, `*` stands for every encoding not named. No header means the plain answer: any
 * client that can decode says so.
 */
export function chooseEncoding<T extends string>(header: string | null | undefined, offered: readonly T[]): T | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(name, Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  let best: T | undefined;
  let bestQ = 0;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds `Accept-Encoding` to Vary (once), so a cache keeps the plain and compressed answers apart. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (vary.trim() !== '*' && !vary.split(',').some((v) => v.trim().toLowerCase() === 'accept-encoding')) headers.set('vary', `${vary}, Accept-Encoding`);
}
