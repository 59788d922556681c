// The builders every query-string schema is written with. A query value arrives as text ("10",
// "true"), so each builder reads the text the way the hub always has and hands the handler a number
// or a boolean; the API description (decision 0069) shows the parameter by that type: an integer
// with its bounds, a boolean, an enum. One definition does both: the document is made from these
// very schemas, input side, and zod 4 describes a preprocessed value by the schema it feeds.

import { z } from 'zod';

/** Query values arrive as text; an empty one (a form's blank field) means "not given". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An optional query parameter whose blank value (`?page=`) counts as not sent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export interface QueryIntOptions {
  min: number;
  max: number;
  /** One sentence for every wrong value, or one for each kind of problem. */
  message: string | { notWhole: string; tooSmall: string; tooLarge: string };
  /**
   * How the text is read. `digits` (the default): 1 to 9 digits and nothing else, so `1e2`, ` 5`,
   * `+5` and `5.0` are refused. `number`: any text JavaScript's Number() reads as a whole number
   * (zod's coerce), so `5.0` is 5 and a blank is 0; the older lists (links, models, Watch,
   * Connect) have always read their paging this way.
   */
  text?: 'digits' | 'number';
}

/** A whole number from `min` to `max`; described as `type: integer` with `minimum` and `maximum`. */
export function queryInt(options: QueryIntOptions & { text: 'number' }): z.ZodNumber;
export function queryInt(options: QueryIntOptions & { text?: 'digits' }): z.ZodPipe<z.ZodTransform, z.ZodNumber>;
export function queryInt({ min, max, message, text = 'digits' }: QueryIntOptions): z.ZodType {
  const m = typeof message === 'string' ? { notWhole: message, tooSmall: message, tooLarge: message } : message;
  const number = (text === 'number' ? z.coerce.number({ message: m.notWhole }) : z.number({ message: m.notWhole }))
    .int(m.notWhole)
    .min(min, m.tooSmall)
    .max(max, m.tooLarge);
  if (text === 'number') return number;
  return z.preprocess((v, ctx) => {
    if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
    // Refused here with the sentence as it is (a wrong type would be prefixed with the field's name).
    ctx.addIssue({ code: 'custom', message: m.notWhole });
    return v;
  }, number);
}

export interface QueryBoolOptions {
  message: string;
  /** Also read `1` and `0` (as well as `true` and `false`). */
  digits?: boolean;
}

/** `true` or `false` (and `1`/`0` when asked); described as `type: boolean`. */
export function queryBool({ message, digits = false }: QueryBoolOptions) {
  const words = new Map<unknown, boolean>([
    ['true', true],
    ['false', false],
    ...(digits
      ? ([
          ['1', true],
          ['0', false],
        ] as const)
      : []),
  ]);
  return z.preprocess((v, ctx) => {
    const flag = words.get(v);
    if (flag === undefined) ctx.addIssue({ code: 'custom', message });
    return flag ?? v;
  }, z.boolean({ message }));
}

/** One of a fixed list of words; described as an enum. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { message });
}
