// The command lines the hub tells people to run, in the form that works after the README's
// install (npm, no global bun) and in the container.

export const CLI = {
  lockoutReset: 'npm run cli -- lockout reset',
  dockerLockoutReset: 'docker compose exec hub bun run cli lockout reset',
  /** Any command, after `npm ci` in the hub's folder (with the same DATA_DIR as the hub). */
  command: (args: string) => `npm run cli -- ${args}`,
  dockerCommand: (args: string) => `docker compose exec hub bun run cli ${args}`,
} as const;
