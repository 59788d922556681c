// The reference for bench/api.ts: Bun.serve and bun:sqlite with nothing in between. It runs the
// statements it is given (prepared once) for every request and answers their rows as JSON, the
// list under `media` and the count beside it, as the hub's answer carries them.

import { Database, type SQLQueryBindings } from 'bun:sqlite';
import path from 'node:path';

const statements = JSON.parse(process.env.BARE_STATEMENTS ?? '[]') as { sql: string; parameters: SQLQueryBindings[] }[];
const sqlite = new Database(path.join(process.env.DATA_DIR ?? '.', 'hub.sqlite'), { readonly: true, strict: true });
const prepared = statements.map((s) => ({ statement: sqlite.prepare(s.sql), parameters: s.parameters }));

Bun.serve({
  port: Number(process.env.PORT),
  hostname: process.env.HOST,
  fetch(request) {
    if (new URL(request.url).pathname === '/healthz') return new Response('ok');
    const results = prepared.map((p) => p.statement.all(...p.parameters));
    const [media, ...rest] = results;
    return Response.json({ media, totalItems: rest[0]?.[0] ?? null });
  },
});
