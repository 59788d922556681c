// A password input with a show/hide toggle. Rendered by the server inside forms that work without
// JavaScript; the toggle works once the island around it is live.

import { useId, useState } from 'react';
import { EyeIcon } from './Icons.tsx';

export interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  disabled?: boolean;
  value?: string;
  onChange?: (value: string) => void;
}

export function PasswordField({ name, label, autoComplete, autoFocus, disabled, value, onChange }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          // biome-ignore lint/a11y/noAutofocus: kept from before the linter; fix when this code is next touched
          autoFocus={autoFocus}
          disabled={disabled}
          spellCheck={false}
          autoCapitalize="none"
          {...(onChange ? { value: value ?? '', onChange: (e) => onChange(e.currentTarget.value) } : {})}
          className="field pr-11"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={disabled}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-40"
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
    </div>
  );
}
