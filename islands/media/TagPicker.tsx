// The tag picker: the vocabulary's tags (grouped as GET /api/tags answers, or alphabetical) and the
// user's own tags as toggle chips, the chosen tags with a remove button each, and a field for new
// tags, comma-separated (Add, or Enter, puts them among the chosen ones). Used by Edit Tags and the
// upload dialog; it loads the vocabulary itself unless it is given one.

import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { MAX_TAG_LENGTH, normaliseTags, splitTags, type TagVocabulary } from '../../src/shared/media.ts';
import { loadVocabulary } from './tag-vocabulary.ts';

export { forgetVocabulary, loadVocabulary } from './tag-vocabulary.ts';

/** The vocabulary given, else the one loaded from the hub (null while it loads). */
function useVocabulary(given: TagVocabulary | null | undefined): TagVocabulary | null {
  const [loaded, setLoaded] = useState<TagVocabulary | null>(null);
  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    void loadVocabulary().then((v) => {
      if (live) setLoaded(v);
    });
    return () => {
      live = false;
    };
  }, [given]);
  return given === undefined ? loaded : given;
}

type Display = 'grouped' | 'alphabetical';

function Chip({ tag, on, toggle }: { tag: string; on: boolean; toggle: (tag: string) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => toggle(tag)}
      className={`rounded-full border px-2.5 py-1 text-xs font-semibold ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`}
    >
      {tag}
    </button>
  );
}

export function TagPicker({
  vocabulary: given,
  selected,
  onChange,
  custom: givenCustom,
  onCustom: givenOnCustom,
  disabled = false,
}: {
  /** null while it loads; left out, the picker loads GET /api/tags itself. */
  vocabulary?: TagVocabulary | null;
  selected: string[];
  onChange: (tags: string[]) => void;
  /** The comma-separated new tags not yet added (controlled, so a dialog can save them too). */
  custom?: string;
  onCustom?: (text: string) => void;
  disabled?: boolean;
}) {
  const vocabulary = useVocabulary(given);
  const [ownCustom, setOwnCustom] = useState('');
  const custom = givenCustom ?? ownCustom;
  const onCustom = givenOnCustom ?? setOwnCustom;
  const [display, setDisplay] = useState<Display>('grouped');
  const customId = useId();
  const hintId = useId();
  const on = new Set(selected.map((t) => t.toLowerCase()));
  const toggle = (tag: string) =>
    onChange(on.has(tag.toLowerCase()) ? selected.filter((t) => t.toLowerCase() !== tag.toLowerCase()) : normaliseTags([...selected, tag]));
  const groups = vocabulary ? [...vocabulary.groups, ...(vocabulary.custom.length > 0 ? [{ name: 'Your Tags', tags: vocabulary.custom }] : [])] : [];
  const everyTag = [...new Set(groups.flatMap((g) => g.tags))].sort((a, b) => a.localeCompare(b));
  const tooLong = splitTags(custom).find((t) => t.length > MAX_TAG_LENGTH);
  const addCustom = () => {
    if (tooLong || splitTags(custom).length === 0) return;
    onChange(normaliseTags([...selected, ...splitTags(custom)]));
    onCustom('');
  };
  const onCustomKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the tags; it does not send the dialog's form.
    event.preventDefault();
    addCustom();
  };

  return (
    <div className="space-y-3">
      <div>
        <p className="mb-1 text-sm font-medium">Selected tags</p>
        {selected.length === 0 ? (
          <p className="text-xs text-muted">No tags yet.</p>
        ) : (
          <ul aria-label="Selected tags" className="flex flex-wrap gap-1">
            {selected.map((tag) => (
              <li key={tag} className="chip bg-accent/10 text-accent">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  disabled={disabled}
                  onClick={() => toggle(tag)}
                  className="-mr-1 rounded-full px-1 leading-none hover:bg-accent/20"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <fieldset disabled={disabled}>
        <div className="mb-1 flex items-center justify-between gap-2">
          <legend className="text-sm font-medium">Tags</legend>
          <div role="group" aria-label="Show tags" className="flex rounded-lg border border-line p-0.5 text-xs">
            {(['grouped', 'alphabetical'] as const).map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={display === d}
                onClick={() => setDisplay(d)}
                className={`rounded-md px-2 py-0.5 font-semibold ${display === d ? 'bg-raised text-fg' : 'text-muted hover:text-fg'}`}
              >
                {d === 'grouped' ? 'Grouped' : 'A–Z'}
              </button>
            ))}
          </div>
        </div>
        <div className="max-h-[300px] overflow-y-auto rounded-lg border border-line p-2">
          {!vocabulary ? (
            <p className="text-xs text-muted">Loading tags…</p>
          ) : display === 'grouped' ? (
            groups.map((group) => (
              <div key={group.name} className="mb-2 last:mb-0">
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{group.name}</p>
                <div className="flex flex-wrap gap-1">
                  {group.tags.map((tag) => (
                    <Chip key={tag} tag={tag} on={on.has(tag.toLowerCase())} toggle={toggle} />
                  ))}
                </div>
              </div>
            ))
          ) : (
            <div className="flex flex-wrap gap-1">
              {everyTag.map((tag) => (
                <Chip key={tag} tag={tag} on={on.has(tag.toLowerCase())} toggle={toggle} />
              ))}
            </div>
          )}
        </div>
      </fieldset>

      <div>
        <label htmlFor={customId} className="mb-1 block text-sm font-medium">
          Custom tags
        </label>
        <div className="flex gap-2">
          <input
            id={customId}
            className="field"
            value={custom}
            disabled={disabled}
            onChange={(e) => onCustom(e.currentTarget.value)}
            onKeyDown={onCustomKey}
            placeholder="cosplay, beach, summer 2024"
            aria-describedby={hintId}
            aria-invalid={tooLong ? true : undefined}
            autoComplete="off"
          />
          <button type="button" className="btn-outline" onClick={addCustom} disabled={disabled || Boolean(tooLong) || splitTags(custom).length === 0}>
            Add
          </button>
        </div>
        <p id={hintId} className={`mt-1 text-xs ${tooLong ? 'text-danger' : 'text-muted'}`}>
          {tooLong ? `Tags are at most ${MAX_TAG_LENGTH} characters: “${tooLong.slice(0, 20)}…”` : 'Separate tags with commas; Enter adds them.'}
        </p>
      </div>
    </div>
  );
}
