// The upload dialog (The Red Room's floating button, the premium gallery's 'Upload Premium
// Content', a model card's upload content): pick or drop files, see each one's name, type, size and
// Image/Video chip, give a title (one file) and tags, then send the files one after another with a
// real progress bar. Each file is one tus upload sent in chunks of a few megabytes
// (islands/lib/uploads.ts): no request is larger than a proxy lets through, and when the line drops the
// upload waits, then goes on from what the hub has, the bar where it was. Cancel stops the upload
// (the hub keeps nothing of it); the dialog cannot be closed while an upload runs. A page reloaded
// or closed mid-upload loses nothing sent: the same file picked again goes on from there. Its refusals show
// inside it; when every file is stored it clears and closes, and the page shows
// '{n} file(s) uploaded successfully!'.

import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { formatSize, GALLERY_TOAST_MS, MAX_TAG_LENGTH, type MediaItem, normaliseTags, splitTags, titleFromFileName } from '../../src/shared/media.ts';
import { UPLOAD_ACCEPT, UPLOAD_FORMATS, UPLOAD_VIDEO_EXTENSIONS } from '../../src/shared/upload-formats.ts';
import { Dialog, DialogActions, useDialog } from '../components/Dialog.tsx';
import { SelectField, TextField } from '../components/Field.tsx';
import { TrashIcon } from '../components/Icons.tsx';
import { useToast } from '../components/useToast.tsx';
import { dropUpload, overallPercent, TUS_TEXT, tusUpload, UPLOAD_TEXT, type UploadFields, type UploadHandle } from '../lib/uploads.ts';
import { UploadIcon } from './icons.tsx';
import { forgetVocabulary, TagPicker } from './TagPicker.tsx';

/** The toast place of this dialog: a refusal raised while it is open shows inside it. */
export const UPLOAD_DIALOG_PLACE = 'upload-dialog';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Image or Video as the file list shows it, from the browser's type or else the name. */
export function kindOfFile(file: File): 'Image' | 'Video' {
  if (file.type.startsWith('video/')) return 'Video';
  if (file.type.startsWith('image/')) return 'Image';
  return UPLOAD_VIDEO_EXTENSIONS.has(extensionOf(file.name)) ? 'Video' : 'Image';
}

/** The type column: the browser's type, or the extension when the browser gives none (HEIC on most systems). */
export function typeOfFile(file: File): string {
  return file.type || (extensionOf(file.name) ? extensionOf(file.name).toUpperCase() : 'Unknown');
}

interface Entry {
  key: number;
  file: File;
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
}

export interface UploadDialogProps {
  open: boolean;
  /** Runs when the dialog has closed (Cancel, Escape, the close button, or a finished upload). */
  onClose: () => void;
  /** The items the hub stored, once a run of uploads ends (also after a cancel, for the files done before it). */
  onUploaded: (items: MediaItem[]) => void;
  /**
   * A run in which every file was stored: the dialog has cleared its list and tags and closed, and
   * the page shows `message` (spec: 'Success clears file list and tags').
   */
  onDone: (message: string) => void;
  /** The user's models, for the Model choice; with `modelId` they only name the fixed model. */
  models?: { id: string; name: string }[];
  /** Uploads for this model (a model card's upload content); the choice is then not offered. */
  modelId?: string;
  /**
   * A model's upload: where the files go at first; the dialog then offers both destinations
   * ('Gallery' free, or 'Premium') and names the chosen one in its success text.
   */
  destination?: 'gallery' | 'premium';
  /** 'premium': the premium gallery's 'Upload Premium Content' (all files in one call). */
  variant?: 'gallery' | 'premium';
  /** How long the success toast stays (the gallery's 6 s unless the page says otherwise). */
  toastMs?: number;
}

const DESTINATION_LABEL = { gallery: 'Gallery', premium: 'Premium' } as const;

export function UploadDialog({
  open,
  onClose,
  onUploaded,
  onDone,
  models = [],
  modelId,
  destination,
  variant = 'gallery',
  toastMs = GALLERY_TOAST_MS,
}: UploadDialogProps) {
  const control = useDialog();
  const toast = useToast(toastMs);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [customTags, setCustomTags] = useState('');
  const [chosenModel, setChosenModel] = useState('');
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState(0);
  const [note, setNote] = useState('');
  const [chosenDestination, setChosenDestination] = useState(destination ?? 'gallery');
  const nextKey = useRef(1);
  const inFlight = useRef<UploadHandle | null>(null);
  const cancelled = useRef(false);
  /** Where the hub keeps what it has of a file that failed (its tus upload), by entry. */
  const resumable = useRef(new Map<number, string>());
  const id = useId();

  useEffect(() => {
    if (open) control.open();
    else control.close();
  }, [open, control]);

  // A page that goes away mid-upload takes the request with it.
  useEffect(() => () => inFlight.current?.abort(), []);

  const targetModel = modelId ?? (chosenModel || null);
  const fixedModelName = modelId ? models.find((m) => m.id === modelId)?.name : undefined;

  function addFiles(list: FileList | File[] | null) {
    if (!list || uploading) return;
    const added = [...list].map((file) => ({ key: nextKey.current++, file, state: 'waiting' as const }));
    if (added.length === 0) return;
    setNote('');
    setEntries((current) => [...current, ...added]);
  }

  /** A file leaves the list: what the hub kept of an earlier try of it goes too. */
  function forget(key: number) {
    const url = resumable.current.get(key);
    resumable.current.delete(key);
    if (url) void dropUpload(url);
  }

  function remove(key: number) {
    forget(key);
    setEntries((list) => list.filter((e) => e.key !== key));
  }

  function reset() {
    for (const key of [...resumable.current.keys()]) forget(key);
    setEntries([]);
    setTitle('');
    setTags([]);
    setCustomTags('');
    setChosenModel('');
    setPercent(0);
    setNote('');
  }

  function closed() {
    toast.closeIn(UPLOAD_DIALOG_PLACE);
    reset();
    onClose();
  }

  /** Every file stored: the list and tags clear (spec), the dialog closes, and the page says so. */
  function finish(message: string) {
    reset();
    control.close();
    onDone(message);
  }

  async function upload() {
    const queue = entries;
    if (queue.length === 0 || uploading || tooLong) return;
    const sentTags = normaliseTags([...tags, ...splitTags(customTags)]);
    const gallery = variant === 'premium' || (destination && chosenDestination === 'premium') ? 'premium' : 'gallery';
    toast.close();
    cancelled.current = false;
    setUploading(true);
    setPercent(0);
    setNote('');
    const { stored, sent, failures } = await sendEach(
      queue,
      { gallery, title: queue.length === 1 ? title : undefined, tags: sentTags, modelId: targetModel },
      {
        resumable: resumable.current,
        inFlight,
        mark: (key, change) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e))),
        setPercent,
        setNote,
      },
    );
    setUploading(false);
    // Stored files leave the list; refused ones stay with their reason, to be removed or sent again.
    setEntries((list) => list.filter((e) => !sent.has(e.key)));
    if (stored.length > 0) {
      // New custom tags join the user's vocabulary.
      if (sentTags.length > 0) forgetVocabulary();
      onUploaded(stored);
    }
    const success = destination ? UPLOAD_TEXT.uploadedTo(stored.length, DESTINATION_LABEL[gallery]) : UPLOAD_TEXT.uploaded(stored.length);
    if (cancelled.current) {
      setPercent(0);
      setNote(stored.length > 0 ? `${UPLOAD_TEXT.cancelled}. ${success}` : UPLOAD_TEXT.cancelled);
      return;
    }
    if (failures.size === 0) return finish(success);
    const [first] = failures.values();
    toast.show(failures.size === 1 && first ? first : UPLOAD_TEXT.failed, 'error', UPLOAD_DIALOG_PLACE);
    if (stored.length > 0) setNote(success);
  }

  function cancel() {
    if (!uploading) return control.close();
    cancelled.current = true;
    inFlight.current?.abort();
  }

  const one = entries.length === 1 ? entries[0] : undefined;
  const tooLong = splitTags(customTags).some((t) => t.length > MAX_TAG_LENGTH);
  const label = `Upload ${entries.length} File(s)`;

  return (
    // biome-ignore lint/complexity/noUselessFragments: kept from before the linter; fix when this code is next touched
    <>
      <Dialog
        control={control}
        title={modelId ? `Upload Content${fixedModelName ? ` for ${fixedModelName}` : ''}` : variant === 'premium' ? 'Upload Premium Content' : 'Upload Media'}
        onClose={closed}
        width="lg"
        closable={!uploading}
      >
        {/* Leaves room in the window for the title, the bar, its note and the buttons below. */}
        <div className="max-h-[min(70vh,calc(100vh_-_19rem))] space-y-4 overflow-y-auto px-6 pb-2">
          {destination ? (
            <DestinationChoice name={`${id}-destination`} chosen={chosenDestination} disabled={uploading} onChoose={setChosenDestination} />
          ) : null}

          <DropZone typesId={`${id}-types`} disabled={uploading} onFiles={addFiles} />

          <FileRows entries={entries} disabled={uploading} onRemove={remove} />

          {one ? (
            <TextField
              label="Title"
              autoComplete="off"
              maxLength={500}
              value={title}
              placeholder={titleFromFileName(one.file.name)}
              disabled={uploading}
              onValue={setTitle}
              hint="Leave empty to use the file name"
            />
          ) : null}

          {!modelId && models.length > 0 ? <ModelSelect models={models} value={chosenModel} disabled={uploading} onValue={setChosenModel} /> : null}

          <fieldset disabled={uploading} className="min-w-0">
            <TagPicker selected={tags} onChange={setTags} custom={customTags} onCustom={setCustomTags} disabled={uploading} />
          </fieldset>
        </div>
        {/* Below the scrolling part, so the bar and the outcome stay in sight however long the tag list is. */}
        <div className={`space-y-2 px-6 ${uploading || percent > 0 || note ? 'pt-3' : ''}`}>
          {uploading || percent > 0 ? <UploadProgress id={`${id}-progress`} percent={percent} /> : null}
          <p role="status" className="text-sm text-muted empty:hidden">
            {note}
          </p>
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => void upload()} disabled={uploading || entries.length === 0 || tooLong}>
            {uploading ? 'Uploading…' : label}
          </button>
        </DialogActions>
        {toast.render(UPLOAD_DIALOG_PLACE)}
      </Dialog>
    </>
  );
}

/** What a run of uploads reports back to the dialog as it goes. */
interface Run {
  /** Where the hub keeps what it has of a file that failed (its tus upload), by entry. */
  resumable: Map<number, string>;
  inFlight: { current: UploadHandle | null };
  mark: (key: number, change: Pick<Entry, 'state' | 'error'>) => void;
  setPercent: (percent: number) => void;
  setNote: (note: string) => void;
}

/** Sends the files one after another, one tus upload each, until the last or a cancel; what became of each. */
async function sendEach(queue: Entry[], fields: UploadFields, run: Run) {
  const { resumable, inFlight, mark, setPercent, setNote } = run;
  const sizes = queue.map((e) => e.file.size);
  const stored: MediaItem[] = [];
  const sent = new Set<number>();
  const failures = new Map<number, string>();
  for (const [index, entry] of queue.entries()) {
    mark(entry.key, { state: 'sending', error: undefined });
    // One tus upload per file, in chunks; a file that failed before goes on from what the hub kept.
    const handle = tusUpload(entry.file, fields, {
      resumeFrom: resumable.get(entry.key),
      // The same file picked again after a reload goes on from what the hub has.
      remember: true,
      onCreated: (url) => resumable.set(entry.key, url),
      onProgress: (loaded, total) => setPercent(overallPercent(sizes, index, total > 0 ? loaded / total : 1)),
      onRetrying: (waiting) => setNote(waiting ? TUS_TEXT.reconnecting : ''),
    });
    inFlight.current = handle;
    const outcome = await handle.done;
    inFlight.current = null;
    setNote('');
    if (!outcome.ok && outcome.cancelled) {
      resumable.delete(entry.key);
      mark(entry.key, { state: 'waiting' });
      break;
    }
    if (outcome.ok && outcome.result.media.length > 0) {
      stored.push(...outcome.result.media);
      sent.add(entry.key);
      resumable.delete(entry.key);
    } else {
      const message = outcome.ok ? (outcome.result.errors[0]?.error ?? UPLOAD_TEXT.failed) : outcome.message;
      failures.set(entry.key, message);
      mark(entry.key, { state: 'failed', error: message });
    }
    setPercent(overallPercent(sizes, index, 1));
  }
  return { stored, sent, failures };
}

/** A model's upload: where the files go ('Gallery' free, or 'Premium'). */
function DestinationChoice({
  name,
  chosen,
  disabled,
  onChoose,
}: {
  name: string;
  chosen: 'gallery' | 'premium';
  disabled: boolean;
  onChoose: (destination: 'gallery' | 'premium') => void;
}) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">Destination</legend>
      <div className="flex flex-wrap gap-2">
        {(['gallery', 'premium'] as const).map((d) => (
          <label
            key={d}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold focus-within:outline focus-within:outline-2 focus-within:outline-accent ${chosen === d ? 'border-accent bg-accent/10 text-accent' : 'border-line text-fg'}`}
          >
            <input type="radio" name={name} value={d} checked={chosen === d} onChange={() => onChoose(d)} className="accent-[rgb(var(--c-accent))]" />
            {d === 'gallery' ? 'Gallery (free)' : 'Premium'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Drop files here, or choose them; the formats the hub takes below. */
function DropZone({ typesId, disabled, onFiles }: { typesId: string; disabled: boolean; onFiles: (files: FileList | null) => void }) {
  const [dragging, setDragging] = useState(false);
  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer?.files ?? null);
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: kept from before the linter; fix when this code is next touched
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center ${dragging ? 'border-accent bg-accent/10' : 'border-line bg-bg'}`}
    >
      <UploadIcon size={28} className="text-accent" />
      <p className="text-sm font-medium">Drag and drop files here</p>
      <label
        className={`btn-outline cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-accent ${disabled ? 'pointer-events-none opacity-50' : ''}`}
      >
        <input
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          disabled={disabled}
          aria-describedby={typesId}
          onChange={(e) => {
            onFiles(e.currentTarget.files);
            // The same file can be chosen again after it was removed.
            e.currentTarget.value = '';
          }}
        />
        Choose Files
      </label>
      <p id={typesId} className="text-xs text-muted">
        {/* A name never breaks at its hyphen (MPEG-TS). */}
        {UPLOAD_FORMATS.flatMap((format, i) => [
          i > 0 ? ', ' : '',
          <span key={format.label} className="whitespace-nowrap">
            {format.label}
          </span>,
        ])}
      </p>
    </div>
  );
}

/** The files chosen: each one's name, Image/Video chip, type and size, its refusal, and Remove. */
function FileRows({ entries, disabled, onRemove }: { entries: Entry[]; disabled: boolean; onRemove: (key: number) => void }) {
  if (entries.length === 0) return <p className="text-sm text-muted">No files chosen yet.</p>;
  return (
    <ul aria-label="Files to upload" className="divide-y divide-line rounded-xl border border-line">
      {entries.map((entry) => (
        <li key={entry.key} aria-label={entry.file.name} className="flex items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={entry.file.name}>
              {entry.file.name}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              <span className={`chip ${kindOfFile(entry.file) === 'Video' ? 'bg-[#1565C0] text-white' : 'bg-[#2E7D32] text-white'}`}>
                {kindOfFile(entry.file)}
              </span>
              <span>{typeOfFile(entry.file)}</span>
              <span>{formatSize(entry.file.size)}</span>
              {entry.state === 'sending' ? <span className="font-semibold text-fg">Uploading…</span> : null}
            </p>
            {entry.error ? <p className="mt-1 break-words text-xs font-medium text-danger">{entry.error}</p> : null}
          </div>
          <button
            type="button"
            className="btn-ghost shrink-0 px-2 text-danger"
            aria-label={`Remove ${entry.file.name}`}
            disabled={disabled}
            onClick={() => onRemove(entry.key)}
          >
            <TrashIcon />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The Model choice of an upload from a gallery (None, or one of the user's models). */
function ModelSelect({
  models,
  value,
  disabled,
  onValue,
}: {
  models: { id: string; name: string }[];
  value: string;
  disabled: boolean;
  onValue: (id: string) => void;
}) {
  return (
    <SelectField label="Model" value={value} disabled={disabled} onValue={onValue}>
      <option value="">None</option>
      {models.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The run's progress over all its files' bytes, in whole percent. */
function UploadProgress({ id, percent }: { id: string; percent: number }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <label htmlFor={id} className="font-medium">
          Upload progress
        </label>
        <span aria-hidden="true" className="tabular-nums">{`${percent}%`}</span>
      </div>
      <progress id={id} max={100} value={percent} aria-valuetext={`${percent}%`} className="upload-progress h-2.5 w-full overflow-hidden rounded-full">
        {`${percent}%`}
      </progress>
    </div>
  );
}
