// Plain HTML forms (they work without JavaScript): read the post, validate it, and either go on
// (303 to the next page) or show the form again with what was typed, a message per field and the
// reason, under the status and headers the error calls for.

import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, InvalidError } from '../errors.ts';
import { firstIssue, readForm } from './body.ts';
import { applyErrorHeaders } from './middleware/errors.tsx';

/** The first message for each field that has one, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Bad input in a form: the message for the page, and one per field. */
export class FormInvalidError extends InvalidError {
  constructor(
    message: string,
    readonly fields: FieldErrors,
  ) {
    super(message);
  }
}

/** Validates form fields; a problem throws FormInvalidError naming each field's. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const result = schema.safeParse(values);
  if (!result.success) throw new FormInvalidError(firstIssue(result.error), fieldErrors(result.error));
  return result.data;
}

/** What the form is shown again with after a refusal. */
export interface FormState {
  /** What was typed, minus the fields `forget` names (passwords are never sent back). */
  values: Record<string, string>;
  errors: FieldErrors;
  error: string;
}

/**
 * Handles a form post: `save` validates (parseForm) and acts, returning where to go next; an
 * AppError from it shows the form again through `render`, with its status and headers.
 */
export async function formPost(
  c: Context,
  options: {
    save: (values: Record<string, string>) => Promise<string>;
    render: (state: FormState) => Response | Promise<Response>;
    /** Fields never echoed back into the page. Any field with "password" in its name is forgotten anyway. */
    forget?: string[];
  },
): Promise<Response> {
  const values = await readForm(c);
  try {
    return c.redirect(await options.save(values), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    applyErrorHeaders(c, error);
    c.status(error.status);
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name) && !options.forget?.includes(name)));
    return options.render({ values: kept, errors: error instanceof FormInvalidError ? error.fields : {}, error: error.message });
  }
}
