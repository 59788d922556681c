// Container health probe: asks this hub's own /healthz (used by the Dockerfile's HEALTHCHECK).

import { loadConfig } from './config.ts';

const { port } = loadConfig();
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
