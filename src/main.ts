// Entry point: `npm start`, the container and the tests run this file.
// React chooses its build from NODE_ENV when it is first loaded, and Bun evaluates CommonJS
// packages such as React before the body of any ES module that imports them, so NODE_ENV is set
// here and the hub itself (src/hub.ts) is loaded only afterwards, with a dynamic import.

import { settleProductionByDefault } from './runtime-mode.ts';

settleProductionByDefault();
const { main } = await import('./hub.ts');

main().catch((error: unknown) => {
  // Start-up failures are reported in one line; the details are for a debugger, not the log.
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
