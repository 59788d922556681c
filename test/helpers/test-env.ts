// Preloaded by bun's test runner (bunfig.toml, bunfig.islands.toml) before any test file: what
// every test process runs with. Hubs the tests start get it too (test/helpers/spawn-hub.ts passes
// it on).
//
// Passwords are hashed with argon2id at a light cost (4 MiB, 1 pass) instead of the full one
// (64 MiB, 2 passes): the tests make thousands of hashes, and at the full cost they were the larger
// part of the unit level's time on a 2-core machine (src/security/passwords.ts, docs/decisions/0075).
process.env.HUB_TEST_PASSWORD_COST ??= 'light';
