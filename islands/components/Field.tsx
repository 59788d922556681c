// A labelled form control with an optional hint and a per-field error, wired for assistive
// technology: the label names it, the hint and the error describe it, an error marks it invalid.

import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

/** What the control inside a Field must carry. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The problem with this field's value, shown under it; null or empty when there is none. */
  error?: string | null;
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame: label, the control (given its id and descriptions), hint and error. */
export function Field({ label, hint, error, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string | null };

/** A text-like input. `plain` turns off spell checking and automatic capitals (usernames, addresses). */
export function TextField({
  label,
  hint,
  error,
  plain,
  onValue,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { plain?: boolean; onValue?: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          {...(plain ? { spellCheck: false, autoCapitalize: 'none' } : {})}
          {...(onValue ? { onChange: (e) => onValue(e.currentTarget.value) } : {})}
          className={input.className ?? 'field'}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  onValue,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { onValue?: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} {...(onValue ? { onChange: (e) => onValue(e.currentTarget.value) } : {})} className={select.className ?? 'field'}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  onValue,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { onValue?: (value: string) => void }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          {...(onValue ? { onChange: (e) => onValue(e.currentTarget.value) } : {})}
          className={textarea.className ?? 'field'}
        />
      )}
    </Field>
  );
}
