import { describe, expect, test } from 'bun:test';
import { hashPassword, passwordCost, verifyPassword } from './passwords.ts';

describe('password hashing cost', () => {
  test('a hub hashes at argon2id’s full cost unless the test runs ask for the light one', () => {
    expect(passwordCost({})).toEqual({});
    expect(passwordCost({ NODE_ENV: 'test' })).toEqual({});
    expect(passwordCost({ HUB_TEST_PASSWORD_COST: 'low' })).toEqual({});
    expect(passwordCost({ HUB_TEST_PASSWORD_COST: 'light' })).toEqual({ memoryCost: 4096, timeCost: 1 });
  });

  test('the tests hash at the light cost, and hashes of either cost verify', async () => {
    const light = await hashPassword('correct horse');
    expect(light).toStartWith('$argon2id$v=19$m=4096,t=1,');
    const full = await Bun.password.hash('correct horse', { algorithm: 'argon2id' });
    expect(full).toStartWith('$argon2id$v=19$m=65536,t=2,');
    expect(await verifyPassword('correct horse', light)).toBe(true);
    expect(await verifyPassword('correct horse', full)).toBe(true);
    expect(await verifyPassword('wrong horse', full)).toBe(false);
  });
});
