// The add/edit dialog's password generator: a length (slider and number, 8 to 128) and the
// character classes (at least one); Generate hands a new password to the dialog's field.

import { useId, useState } from 'react';
import {
  clampPasswordLength,
  DEFAULT_PASSWORD_OPTIONS,
  generatePassword,
  PASSWORD_CLASS_LABELS,
  PASSWORD_CLASSES,
  PASSWORD_LENGTH,
  type PasswordClass,
} from '../../src/shared/password-generator.ts';
import { RefreshIcon } from '../components/Icons.tsx';
import { KeyIcon } from './icons.tsx';

export const NO_CLASS_TEXT = 'Choose at least one kind of character';

export function PasswordGenerator({ disabled, onGenerated }: { disabled: boolean; onGenerated: (password: string) => void }) {
  const id = useId();
  const [length, setLength] = useState<number>(DEFAULT_PASSWORD_OPTIONS.length);
  /** What the number box shows while typed into (it may be out of range until it loses focus). */
  const [typed, setTyped] = useState<string | null>(null);
  const [classes, setClasses] = useState<readonly PasswordClass[]>(DEFAULT_PASSWORD_OPTIONS.classes);
  const none = classes.length === 0;

  const toggle = (kind: PasswordClass, on: boolean) =>
    setClasses((list) => (on ? PASSWORD_CLASSES.filter((c) => c === kind || list.includes(c)) : list.filter((c) => c !== kind)));

  return (
    // min-w-0: a fieldset is otherwise as wide as its content and overflows a phone's dialog.
    <fieldset className="min-w-0 rounded-xl border border-line bg-raised/50 px-4 pb-4 pt-2" disabled={disabled}>
      <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold">
        <KeyIcon size={15} />
        Password generator
      </legend>
      <div className="flex items-center gap-3">
        <label htmlFor={`${id}-range`} className="shrink-0 text-sm font-medium">
          Length
        </label>
        <input
          id={`${id}-range`}
          type="range"
          min={PASSWORD_LENGTH.min}
          max={PASSWORD_LENGTH.max}
          value={length}
          onChange={(e) => {
            setLength(Number(e.currentTarget.value));
            setTyped(null);
          }}
          className="min-w-0 flex-1 accent-[rgb(var(--c-accent))]"
        />
        <label htmlFor={`${id}-number`} className="sr-only">
          Password length
        </label>
        <input
          id={`${id}-number`}
          type="number"
          inputMode="numeric"
          min={PASSWORD_LENGTH.min}
          max={PASSWORD_LENGTH.max}
          value={typed ?? String(length)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setTyped(value);
            const n = Number(value);
            if (value !== '' && n >= PASSWORD_LENGTH.min && n <= PASSWORD_LENGTH.max) setLength(clampPasswordLength(n));
          }}
          onBlur={() => {
            if (typed !== null) setLength(clampPasswordLength(typed === '' ? length : Number(typed)));
            setTyped(null);
          }}
          className="field w-20 shrink-0 py-1.5 text-center"
        />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5">
        {PASSWORD_CLASSES.map((kind) => (
          <label key={kind} className="flex cursor-pointer items-center gap-2 whitespace-nowrap text-sm">
            <input
              type="checkbox"
              checked={classes.includes(kind)}
              onChange={(e) => toggle(kind, e.currentTarget.checked)}
              className="h-4 w-4 shrink-0 accent-[rgb(var(--c-accent))]"
            />
            {PASSWORD_CLASS_LABELS[kind].name} <span className="font-mono text-xs text-muted">{PASSWORD_CLASS_LABELS[kind].sample}</span>
          </label>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-outline py-1.5"
          disabled={none}
          aria-describedby={none ? `${id}-none` : undefined}
          onClick={() => onGenerated(generatePassword({ length: clampPasswordLength(typed === null || typed === '' ? length : Number(typed)), classes }))}
        >
          <RefreshIcon />
          Generate Password
        </button>
        {none ? (
          <p id={`${id}-none`} className="text-xs text-danger">
            {NO_CLASS_TEXT}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
