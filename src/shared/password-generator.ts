// Connect's password generator: a length and the character classes to draw from, with
// crypto.getRandomValues as the only source of chance. Pure, so the add/edit dialog and the tests
// share it.

export const PASSWORD_CLASSES = ['upper', 'lower', 'digits', 'symbols'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

/** The characters of each class. Symbols leave out quotes, the backslash, the backtick and space,
 * which break command lines, CSV cells and some sites' forms more often than they add strength. */
export const PASSWORD_CHARACTERS: Record<PasswordClass, string> = {
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  digits: '0123456789',
  symbols: '!#$%&()*+,-./:;<=>?@[]^_{|}~',
};

/** Each class's name and a glimpse of its characters, for the generator's checkboxes. */
export const PASSWORD_CLASS_LABELS: Record<PasswordClass, { name: string; sample: string }> = {
  upper: { name: 'Uppercase', sample: 'A-Z' },
  lower: { name: 'Lowercase', sample: 'a-z' },
  digits: { name: 'Digits', sample: '0-9' },
  symbols: { name: 'Symbols', sample: '!#$%' },
};

export const PASSWORD_LENGTH = { min: 8, max: 128, default: 20 } as const;

export interface PasswordOptions {
  length: number;
  classes: readonly PasswordClass[];
}

export const DEFAULT_PASSWORD_OPTIONS: PasswordOptions = { length: PASSWORD_LENGTH.default, classes: PASSWORD_CLASSES };

/** Fills the array with random values: crypto.getRandomValues, or a stand-in in tests. */
export type RandomSource = (values: Uint32Array) => void;

const cryptoSource: RandomSource = (values) => void crypto.getRandomValues(values);

/** The length kept within the generator's bounds (a typed 3 or 500 becomes 8 or 128). */
export function clampPasswordLength(length: number): number {
  if (!Number.isFinite(length)) return PASSWORD_LENGTH.default;
  return Math.min(PASSWORD_LENGTH.max, Math.max(PASSWORD_LENGTH.min, Math.round(length)));
}

const RANGE = 2 ** 32;

/**
 * A uniform whole number in [0, n): values from the top of the 32-bit range that would make some
 * results likelier than others (value % n) are drawn again instead.
 */
export function randomBelow(n: number, random: RandomSource = cryptoSource): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`randomBelow needs 1 <= n <= 2^32, got ${n}`);
  const limit = RANGE - (RANGE % n);
  const value = new Uint32Array(1);
  for (;;) {
    random(value);
    if (value[0]! < limit) return value[0]! % n;
  }
}

/**
 * A password of `length` characters from the chosen classes, with at least one character of each
 * class, every position uniform over the chosen characters apart from that guarantee, in an
 * order shuffled without bias. Throws when no class is chosen.
 */
export function generatePassword(options: PasswordOptions = DEFAULT_PASSWORD_OPTIONS, random: RandomSource = cryptoSource): string {
  const classes = PASSWORD_CLASSES.filter((c) => options.classes.includes(c));
  if (classes.length === 0) throw new RangeError('Choose at least one kind of character');
  const length = clampPasswordLength(options.length);
  const pool = classes.map((c) => PASSWORD_CHARACTERS[c]).join('');
  const pick = (from: string) => from[randomBelow(from.length, random)]!;
  const chars = classes.map((c) => pick(PASSWORD_CHARACTERS[c]));
  while (chars.length < length) chars.push(pick(pool));
  // Fisher-Yates: the guaranteed characters may end up anywhere.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
