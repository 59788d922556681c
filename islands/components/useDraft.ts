// A form dialog's draft: its fields as typed, the problems found when it was last checked (each
// shown under its field and cleared as soon as that field is edited), and a fresh start from
// `start()` each time another item is edited or the dialog is opened again.

import { useEffect, useState } from 'react';

export type Problems<F extends string> = Partial<Record<F, string>>;

export function useDraft<D extends object, F extends string>(
  start: () => D,
  check: (draft: D) => Problems<F>,
  /** What the form edits (null: a new one) and the count of openings: either changing starts afresh. */
  editing: unknown,
  opening: number,
) {
  const [draft, setDraft] = useState<D>(start);
  const [problems, setProblems] = useState<Problems<F>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh only when what it edits, or the opening, changes
  useEffect(() => {
    setDraft(start());
    setProblems({});
  }, [editing, opening]);

  /** The handler of one field: the new value, and that field's problem gone. */
  const edit = (field: keyof D & string) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblems((p) => (field in p ? { ...p, [field]: undefined } : p));
  };

  /** Checks the draft as the server would and shows what is wrong: true when nothing is. */
  const validate = (): boolean => {
    const found = check(draft);
    setProblems(found);
    return !Object.values(found).some(Boolean);
  };

  return { draft, setDraft, problems, edit, validate };
}
