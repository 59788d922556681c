// The duplicates dialog of both galleries (the Red Room's Find Duplicates chip, premium's action):
// 'Exact copies' lists files with identical bytes and deletes all but the newest of each group;
// 'Similar' lists photos and videos that look alike and keeps the one chosen per group, merging the
// others' tags, favourite and albums into it. Either way the others go to the recycling bin.

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatSize, GALLERY_TOAST_MS, type MediaItem, PREMIUM_TOAST_MS } from '../../src/shared/media.ts';
import { Dialog, DialogActions, useDialog } from '../components/Dialog.tsx';
import { useToast } from '../components/useToast.tsx';
import { type DuplicateGroup, type DuplicatesMode, deleteDuplicates, findDuplicates, resolveGroup, DUPLICATES_TEXT as TEXT } from './duplicates-api.ts';
import { CheckIcon, ImagesIcon, PlayIcon, SpinnerIcon } from './icons.tsx';

export interface DuplicatesDialogProps {
  gallery: 'gallery' | 'premium';
  open: boolean;
  /** Runs when the dialog has closed (Close, Escape). */
  onClose(): void;
  /** Runs after items went to the recycling bin or were merged (the page reloads its list). */
  onChanged(): void;
}

/** The toast place of this dialog: toasts raised while it is open show inside it. */
export const DUPLICATES_DIALOG_PLACE = 'duplicates';

const MODES: { mode: DuplicatesMode; label: string }[] = [
  { mode: 'exact', label: 'Exact copies' },
  { mode: 'similar', label: 'Similar' },
];

const EXPLAIN: Record<DuplicatesMode, string> = {
  exact: 'Files with identical content. Delete Duplicates keeps the newest copy in each group and moves the older copies to the recycling bin.',
  similar:
    'Photos and videos that look alike: resized, recompressed or re-encoded copies. Keep one per group: the tags, favourite and albums of the others are merged into it, and the others go to the recycling bin (they can be restored).',
};

const EMPTY: Record<DuplicatesMode, [string, string]> = {
  exact: ['No duplicates found', 'No two files have identical content.'],
  similar: ['No similar files found', 'Nothing looks alike closely enough to be a copy.'],
};

/** The hash distance in plain words (64-bit hashes; the server groups up to 8 bits apart by default). */
export function similarityText(distance: number): string {
  const words = distance === 0 ? 'Look the same' : distance <= 4 ? 'Nearly identical' : 'Very similar';
  return `${words} · distance ${distance} of 64 bits`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function createdText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The stable key of a group (its items' ids), so a choice survives a reload of the list. */
const groupKey = (group: DuplicateGroup) => group.duplicates.map((m) => m._id).join(',');

function Preview({ item }: { item: MediaItem }) {
  return (
    <div className="relative aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg bg-raised sm:w-full">
      {item.thumbnail ? (
        <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-contain" />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-muted">
          {item.status === 'processing' ? <SpinnerIcon size={18} /> : <ImagesIcon size={20} />}
        </span>
      )}
      <span className="absolute left-1.5 top-1.5 inline-flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white">
        {item.type === 'video' ? <PlayIcon size={10} /> : null}
        {item.type === 'video' ? 'Video' : 'Image'}
      </span>
    </div>
  );
}

function Details({ item }: { item: MediaItem }) {
  return (
    <div className="min-w-0 text-xs">
      <p className="truncate text-sm font-semibold" title={item.title}>
        {item.title || 'Untitled'}
      </p>
      <dl className="mt-0.5 grid grid-cols-[auto_1fr] gap-x-2 text-muted">
        <dt className="sr-only">Size</dt>
        <dd className="col-span-2 font-semibold text-fg">{formatSize(item.size)}</dd>
        <dt className="sr-only">Dimensions</dt>
        <dd className="col-span-2 tabular-nums">{item.width && item.height ? `${item.width} × ${item.height}` : 'Dimensions unknown'}</dd>
        <dt className="sr-only">Created</dt>
        <dd className="col-span-2">{createdText(item.createdAt)}</dd>
      </dl>
    </div>
  );
}

const KEPT_BADGE = 'inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-[11px] font-semibold text-accent-fg';
const OTHER_BADGE = 'inline-flex items-center rounded-full border border-line px-2 py-0.5 text-[11px] font-semibold text-muted';

function ExactGroup({ group, headingId }: { group: DuplicateGroup; headingId: string }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-3" aria-labelledby={headingId}>
      {group.duplicates.map((item, index) => (
        <li
          key={item._id}
          aria-label={`${item.title || 'Untitled'}${index === 0 ? ', kept' : ''}`}
          className="flex gap-3 rounded-xl border border-line p-2 sm:flex-col sm:gap-2"
        >
          <Preview item={item} />
          <div className="min-w-0 flex-1 space-y-1">
            <span className={index === 0 ? KEPT_BADGE : OTHER_BADGE}>
              {index === 0 ? <CheckIcon size={11} /> : null}
              {index === 0 ? 'Kept' : 'Older copy'}
            </span>
            <Details item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SimilarGroup({
  group,
  headingId,
  keepId,
  busy,
  onKeep,
  onMerge,
}: {
  group: DuplicateGroup;
  headingId: string;
  keepId: string;
  busy: boolean;
  onKeep(id: string): void;
  onMerge(): void;
}) {
  const name = useId();
  const others = group.duplicates.length - 1;
  return (
    <>
      <fieldset className="min-w-0" disabled={busy}>
        <legend className="sr-only">Which one to keep</legend>
        <ul className="grid gap-2 sm:grid-cols-3" aria-labelledby={headingId}>
          {group.duplicates.map((item) => {
            const kept = item._id === keepId;
            return (
              <li key={item._id}>
                <label
                  className={`flex h-full cursor-pointer gap-3 rounded-xl border-2 p-2 sm:flex-col sm:gap-2 ${kept ? 'border-accent' : 'border-line hover:border-muted'}`}
                >
                  <Preview item={item} />
                  <div className="min-w-0 flex-1 space-y-1">
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name={name}
                        value={item._id}
                        checked={kept}
                        onChange={() => onKeep(item._id)}
                        aria-label={`Keep ${item.title || 'Untitled'} (${formatSize(item.size)})`}
                        className="h-4 w-4 accent-[rgb(var(--c-accent))]"
                      />
                      <span aria-hidden="true" className={kept ? KEPT_BADGE : 'text-xs font-semibold'}>
                        {kept ? 'Keep this' : 'Keep this instead'}
                      </span>
                    </span>
                    <Details item={item} />
                  </div>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <p className="mr-auto text-xs text-muted">{`${plural(others, 'other goes', 'others go')} to the recycling bin.`}</p>
        <button type="button" className="btn-primary py-1.5" disabled={busy} onClick={onMerge}>
          {busy ? <SpinnerIcon size={14} /> : null}
          {busy ? 'Merging…' : 'Keep this and merge'}
        </button>
      </div>
    </>
  );
}

/** One group of the list: its name and what it holds, then its copies (exact) or its files to keep one of (similar). */
function GroupItem({
  group,
  mode,
  headingId,
  keepId,
  busy,
  onKeep,
  onMerge,
}: {
  group: DuplicateGroup;
  mode: DuplicatesMode;
  headingId: string;
  keepId: string;
  busy: boolean;
  onKeep: (id: string) => void;
  onMerge: () => void;
}) {
  return (
    <li>
      <section aria-labelledby={headingId} className="rounded-2xl bg-raised/60 p-3">
        <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <h3 id={headingId} className="min-w-0 max-w-full truncate text-sm font-bold" title={group.originalName}>
            {group.originalName || 'Untitled'}
          </h3>
          <p className="text-xs text-muted">
            {mode === 'exact'
              ? `${plural(group.duplicates.length, 'copy', 'copies')} · ${formatSize(group.size)} each`
              : `${plural(group.duplicates.length, 'file', 'files')} · largest ${formatSize(group.size)}`}
          </p>
          {mode === 'similar' && typeof group.distance === 'number' ? (
            <p className="text-xs font-semibold text-accent">{similarityText(group.distance)}</p>
          ) : null}
        </div>
        {mode === 'exact' ? (
          <ExactGroup group={group} headingId={headingId} />
        ) : (
          <SimilarGroup group={group} headingId={headingId} keepId={keepId} busy={busy} onKeep={onKeep} onMerge={onMerge} />
        )}
      </section>
    </li>
  );
}

export function DuplicatesDialog({ gallery, open, onClose, onChanged }: DuplicatesDialogProps) {
  const control = useDialog();
  const toast = useToast(gallery === 'premium' ? PREMIUM_TOAST_MS : GALLERY_TOAST_MS);
  const [mode, setMode] = useState<DuplicatesMode>('exact');
  const [groups, setGroups] = useState<DuplicateGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [merging, setMerging] = useState<string | null>(null);
  const [keep, setKeep] = useState<Record<string, string>>({});
  const request = useRef(0);
  const explainId = useId();
  const headingPrefix = useId();

  const load = useCallback(
    async (which: DuplicatesMode) => {
      const mine = ++request.current;
      setGroups(null);
      setFailed(false);
      const outcome = await findDuplicates(gallery, which);
      if (mine !== request.current) return;
      if (!outcome.ok) {
        setFailed(true);
        setGroups([]);
        toast.show(outcome.message, 'error', DUPLICATES_DIALOG_PLACE);
        return;
      }
      setGroups(outcome.value);
    },
    [gallery, toast.show],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from before the linter; fix when this code is next touched
  useEffect(() => {
    if (open) {
      control.open();
      void load(mode);
    } else control.close();
    // The list is asked for each time the dialog opens (mode changes load it themselves).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, control]);

  function choose(next: DuplicatesMode) {
    if (next === mode) return;
    setMode(next);
    void load(next);
  }

  function closed() {
    request.current++;
    toast.closeIn(DUPLICATES_DIALOG_PLACE);
    setGroups(null);
    setKeep({});
    onClose();
  }

  async function deleteAll() {
    if (deleting) return;
    setDeleting(true);
    const outcome = await deleteDuplicates(gallery);
    setDeleting(false);
    if (!outcome.ok) return toast.show(outcome.message, 'error', DUPLICATES_DIALOG_PLACE);
    toast.show(TEXT.deleted(outcome.value.deletedCount), 'success', DUPLICATES_DIALOG_PLACE);
    if (outcome.value.deletedCount > 0) onChanged();
    void load('exact');
  }

  async function merge(group: DuplicateGroup) {
    const key = groupKey(group);
    if (merging) return;
    const keepId = keep[key] ?? group.duplicates[0]!._id;
    const others = group.duplicates.filter((m) => m._id !== keepId).map((m) => m._id);
    setMerging(key);
    const outcome = await resolveGroup(gallery, keepId, others);
    setMerging(null);
    if (!outcome.ok) return toast.show(outcome.message, 'error', DUPLICATES_DIALOG_PLACE);
    // The group is settled: it goes from the list (the others are in the bin now).
    setGroups((list) => list?.filter((g) => groupKey(g) !== key) ?? list);
    toast.show(TEXT.merged(outcome.value.deletedCount), 'success', DUPLICATES_DIALOG_PLACE);
    onChanged();
  }

  const loading = groups === null;
  const extra = (groups ?? []).reduce((n, g) => n + g.duplicates.length - 1, 0);

  return (
    <Dialog control={control} title="Duplicates" width="lg" onClose={closed}>
      <div className="px-6">
        <div role="group" aria-label="Kind of duplicates" className="inline-flex rounded-full border border-line p-1">
          {MODES.map(({ mode: m, label }) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => choose(m)}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold transition-colors ${mode === m ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-raised'}`}
            >
              {label}
            </button>
          ))}
        </div>
        <p id={explainId} className="mt-3 text-sm text-muted">
          {EXPLAIN[mode]}
        </p>
      </div>

      <div
        role="region"
        aria-label="Duplicate groups"
        aria-busy={loading}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: kept from before the linter; fix when this code is next touched
        tabIndex={0}
        className="mt-3 max-h-[55vh] overflow-y-auto border-t border-line px-6 py-4 focus-visible:outline-offset-[-2px]"
      >
        <p role="status" className={loading ? 'flex items-center gap-2 py-8 text-sm text-muted justify-center' : 'sr-only'}>
          {loading ? (
            <>
              <SpinnerIcon size={18} />
              {mode === 'exact' ? 'Looking for exact copies…' : 'Looking for similar files…'}
            </>
          ) : failed ? (
            TEXT.findFailed
          ) : groups.length === 0 ? (
            // The empty state below says it (once), as a status of its own.
            ''
          ) : mode === 'exact' ? (
            `${plural(groups.length, 'group', 'groups')}, ${plural(extra, 'older copy', 'older copies')}`
          ) : (
            `${plural(groups.length, 'group', 'groups')} of similar files`
          )}
        </p>
        {loading ? null : failed ? (
          <div className="py-8 text-center">
            <p className="font-semibold">{TEXT.findFailed}</p>
            <button type="button" className="btn-outline mt-3 py-1.5" onClick={() => void load(mode)}>
              Try again
            </button>
          </div>
        ) : groups.length === 0 ? (
          <div role="status" className="py-8 text-center">
            <p className="font-semibold">{EMPTY[mode][0]}</p>
            <p className="mt-1 text-sm text-muted">{EMPTY[mode][1]}</p>
          </div>
        ) : (
          <>
            <p aria-hidden="true" className="mb-3 text-sm font-semibold">
              {mode === 'exact'
                ? `${plural(groups.length, 'group', 'groups')} · ${plural(extra, 'older copy', 'older copies')} to remove`
                : plural(groups.length, 'group', 'groups')}
            </p>
            <ul className="space-y-4">
              {groups.map((group, index) => {
                const key = groupKey(group);
                return (
                  <GroupItem
                    key={key}
                    group={group}
                    mode={mode}
                    headingId={`${headingPrefix}-${index}`}
                    keepId={keep[key] ?? group.duplicates[0]!._id}
                    busy={merging === key}
                    onKeep={(id) => setKeep((k) => ({ ...k, [key]: id }))}
                    onMerge={() => void merge(group)}
                  />
                );
              })}
            </ul>
          </>
        )}
      </div>

      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close}>
          Close
        </button>
        {mode === 'exact' ? (
          <button
            type="button"
            className="btn-danger"
            onClick={() => void deleteAll()}
            disabled={deleting || failed || (groups?.length ?? 0) === 0}
            aria-describedby={explainId}
          >
            {deleting ? <SpinnerIcon size={14} /> : null}
            {deleting ? 'Deleting…' : 'Delete Duplicates'}
          </button>
        ) : null}
      </DialogActions>
      {toast.render(DUPLICATES_DIALOG_PLACE)}
    </Dialog>
  );
}
