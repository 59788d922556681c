import { describe, expect, test } from 'bun:test';
import {
  clampPasswordLength,
  generatePassword,
  PASSWORD_CHARACTERS,
  PASSWORD_CLASSES,
  PASSWORD_LENGTH,
  type PasswordClass,
  type RandomSource,
  randomBelow,
} from './password-generator.ts';

/** A source that hands out the given values in turn (and records how many it gave). */
function scripted(values: number[]): RandomSource & { used: number } {
  const source = Object.assign(
    (out: Uint32Array) => {
      for (let i = 0; i < out.length; i++) {
        const next = values[source.used % values.length]!;
        source.used += 1;
        out[i] = next;
      }
    },
    { used: 0 },
  );
  return source;
}

const classOf = (ch: string) => PASSWORD_CLASSES.find((c) => PASSWORD_CHARACTERS[c].includes(ch));

describe('randomBelow', () => {
  test('draws again rather than folding the top of the range onto small results (no modulo bias)', () => {
    // For n = 10, 2^32 - 6 .. 2^32 - 1 are the values that would favour 0..5: each is refused.
    const source = scripted([2 ** 32 - 1, 2 ** 32 - 6, 4_294_967_289]);
    expect(randomBelow(10, source)).toBe(4_294_967_289 % 10);
    expect(source.used).toBe(3);
    const edge = scripted([2 ** 32 - 7]);
    expect(randomBelow(10, edge)).toBe((2 ** 32 - 7) % 10);
    expect(edge.used).toBe(1);
  });

  test('covers every result evenly over a full cycle of inputs', () => {
    const counts = new Array(7).fill(0);
    // Every accepted value below 7 * 1000 gives each result 1000 times.
    const values = Array.from({ length: 7000 }, (_, i) => i);
    const source = scripted(values);
    for (let i = 0; i < 7000; i++) counts[randomBelow(7, source)] += 1;
    expect(counts).toEqual(new Array(7).fill(1000));
  });

  test('refuses a range it cannot draw from', () => {
    expect(() => randomBelow(0)).toThrow(RangeError);
    expect(() => randomBelow(2.5)).toThrow(RangeError);
  });
});

describe('generatePassword', () => {
  test('the default: 20 characters with an upper, a lower, a digit and a symbol', () => {
    for (let run = 0; run < 200; run++) {
      const password = generatePassword();
      expect(password).toHaveLength(PASSWORD_LENGTH.default);
      expect(new Set([...password].map(classOf))).toEqual(new Set(PASSWORD_CLASSES));
    }
  });

  test('only the chosen classes, each at least once, at every length from 8 to 128', () => {
    const choices: PasswordClass[][] = [['digits'], ['lower', 'digits'], ['upper', 'symbols'], ['upper', 'lower', 'digits']];
    for (const classes of choices) {
      for (const length of [8, 9, 31, 128]) {
        const password = generatePassword({ length, classes });
        expect(password).toHaveLength(length);
        expect(new Set([...password].map(classOf))).toEqual(new Set(classes));
      }
    }
  });

  test('lengths outside 8 to 128 are brought within them', () => {
    expect(generatePassword({ length: 3, classes: ['lower'] })).toHaveLength(8);
    expect(generatePassword({ length: 500, classes: ['lower'] })).toHaveLength(128);
    expect(clampPasswordLength(Number.NaN)).toBe(PASSWORD_LENGTH.default);
    expect(clampPasswordLength(12.4)).toBe(12);
  });

  test('no class chosen is refused', () => {
    expect(() => generatePassword({ length: 20, classes: [] })).toThrow('Choose at least one kind of character');
  });

  test('every character comes from the random source (the same draws give the same password)', () => {
    const a = generatePassword({ length: 16, classes: PASSWORD_CLASSES }, scripted([5, 17, 900, 3, 77, 12345, 8]));
    const b = generatePassword({ length: 16, classes: PASSWORD_CLASSES }, scripted([5, 17, 900, 3, 77, 12345, 8]));
    expect(a).toBe(b);
  });

  test('characters spread over the whole pool (a coarse check of 20,000 digits)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) for (const ch of generatePassword({ length: 20, classes: ['digits'] })) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(10);
    // Expected 2,000 each; a fair source stays far inside these bounds.
    for (const n of counts.values()) expect(n).toBeGreaterThan(1700);
    for (const n of counts.values()) expect(n).toBeLessThan(2300);
  });
});
