import { atom, useSetAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { ACCEPTED_PHOTO_FORMATS, MAX_PHOTOS, MIN_PHOTOS, PHOTO_SIZE_HINT } from "../../shared/profiles/limits.ts";
import { toastQueueAtom, useToast } from "../toast.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { preparePhoto, shownName } from "./prepare-photo.ts";
import { CloseIcon } from "../ui/CloseIcon.tsx";

export interface SelectedPhoto {
  key: number;
  file: File;
  /** An object URL for the preview; revoked when the photo is removed or the page closes. */
  previewUrl: string;
}

/** A chosen file that was not added, shown on its own tile with the reason until the next choice or a dismissal. */
export interface RefusedFile {
  key: number;
  name: string;
  reason: string;
}

let nextKey = 1;

/** The submit-time toasts about the photo count (submission.ts): no longer true once there are enough photos. */
const COUNT_TOASTS = new Set(["Too few files", "Photos required"]);
const dismissCountToastsAtom = atom(null, (get, set) => {
  const queue = get(toastQueueAtom);
  if (queue.some((t) => COUNT_TOASTS.has(t.title))) set(toastQueueAtom, queue.filter((t) => !COUNT_TOASTS.has(t.title)));
});

const selected = (file: File): SelectedPhoto => ({ key: nextKey++, file, previewUrl: URL.createObjectURL(file) });

/**
 * The photos a form holds, with the spec's selection rules (section 5): more than 6 at once is refused with the
 * spec's toast; each file is checked and shrunk in the browser (prepare-photo.ts) and a refused one gets a tile of
 * its own with the reason; fewer than 3 is not a mistake while the customer is still choosing (the uploader shows
 * a hint) and becomes one only at submit (submission.ts).
 */
export function usePhotos(onChange?: () => void) {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [preparing, setPreparing] = useState(false);
  const toast = useToast();
  const dismissCountToasts = useSetAtom(dismissCountToastsAtom);
  const current = useRef(photos);
  current.current = photos;

  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);
  useEffect(() => {
    if (photos.length >= MIN_PHOTOS) dismissCountToasts();
  }, [photos.length, dismissCountToasts]);

  const add = useCallback(
    async (chosen: File[]) => {
      if (chosen.length === 0) return;
      // A new choice: what was said about the last one is no longer news.
      setRefused([]);
      if (current.current.length + chosen.length > MAX_PHOTOS) {
        toast({ title: "Too many files", description: "You can only upload up to 6 photos.", variant: "destructive" });
        return;
      }
      setPreparing(true);
      const ready: SelectedPhoto[] = [];
      const notAdded: RefusedFile[] = [];
      for (const original of chosen) {
        const verdict = await preparePhoto(original);
        if (verdict.ok) ready.push(selected(verdict.file));
        else notAdded.push({ key: nextKey++, name: shownName(original.name), reason: verdict.reason });
      }
      setPreparing(false);
      setRefused(notAdded);
      setPhotos((list) => [...list, ...ready]);
      if (ready.length > 0) onChange?.();
    },
    [toast, onChange],
  );

  const remove = useCallback(
    (key: number) => {
      setPhotos((list) => {
        const gone = list.find((p) => p.key === key);
        if (gone) URL.revokeObjectURL(gone.previewUrl);
        return list.filter((p) => p.key !== key);
      });
      onChange?.();
    },
    [onChange],
  );

  const dismiss = useCallback((key: number) => setRefused((list) => list.filter((r) => r.key !== key)), []);

  /** Puts back photos kept in a draft (already checked and shrunk), unless the customer has chosen some meanwhile. */
  const restore = useCallback((files: File[]) => {
    if (files.length === 0 || current.current.length > 0) return;
    setPhotos(files.slice(0, MAX_PHOTOS).map(selected));
  }, []);

  return { photos, refused, preparing, add, remove, dismiss, restore };
}

export type PhotoState = ReturnType<typeof usePhotos>;

/**
 * Spec: 3 to 6 images, previews, a remove button on each, one size hint that the server enforces.
 * The file input itself is the keyboard control (visually hidden, its label drawn as a button); the count is
 * announced politely as photos are added or removed, and the error is tied to the input. Removing a photo moves
 * focus to the next remove button (or the picker when none is left), so the keyboard never falls off the page.
 * Below 3 photos the spec's "Too few files" reads as a hint with the count; after a submit with too few it is the
 * photos' error (`error`), in the same place.
 */
export function PhotoUploader({ photos: state, error, disabled }: { photos: PhotoState; error?: string; disabled?: boolean }) {
  const { photos, refused, preparing } = state;
  // The picker is disabled while photos are prepared; focus comes back to it afterwards.
  const input = useFocusAfterBusy<HTMLInputElement>(preparing);
  const list = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = list.current?.querySelectorAll("button") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
  }, [photos, input]);

  const tooFew = photos.length > 0 && photos.length < MIN_PHOTOS;
  const noteId = error ? "photos-error" : tooFew ? "photos-too-few" : undefined;

  return (
    <fieldset className="grid gap-3" aria-describedby="photos-hint">
      <legend className="text-sm font-medium">
        Photos <span aria-hidden="true" className="text-danger">*</span>
      </legend>
      <p id="photos-hint" className="text-xs text-muted-foreground">
        Upload {MIN_PHOTOS} to {MAX_PHOTOS} photos ({ACCEPTED_PHOTO_FORMATS}), up to {PHOTO_SIZE_HINT} each.
      </p>
      <div>
        <input
          id="photos-input"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || preparing}
          className="peer sr-only"
          aria-describedby={["photos-hint", "photos-count", noteId].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          ref={input}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            void state.add(files);
          }}
        />
        <label
          htmlFor="photos-input"
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-dashed border-border bg-muted/40 px-4 text-sm font-medium hover:bg-muted peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          {preparing ? "Preparing photos..." : photos.length ? "Add more photos" : "Choose photos"}
        </label>
      </div>
      <p id="photos-count" aria-live="polite" className="text-sm text-muted-foreground">
        {photos.length} of {MAX_PHOTOS} photos selected
      </p>
      {tooFew ? (
        <div
          id={noteId}
          data-testid="photos-too-few"
          data-state={error ? "error" : "hint"}
          className={`rounded-md border p-3 text-sm ${error ? "border-danger text-danger" : "border-border bg-muted/40 text-muted-foreground"}`}
        >
          <p className={`font-medium ${error ? "" : "text-foreground"}`}>Too few files</p>
          <p>
            Please upload at least 3 photos. <span className="whitespace-nowrap">({photos.length} of at least {MIN_PHOTOS} photos)</span>
          </p>
        </div>
      ) : (
        error && (
          <p id="photos-error" className="text-sm text-danger">
            {error}
          </p>
        )
      )}
      {photos.length > 0 && (
        <ul ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Selected photos">
          {photos.map((p, i) => (
            <li key={p.key} className="relative overflow-hidden rounded-lg border border-border">
              <img src={p.previewUrl} alt={`Photo ${i + 1}: ${p.file.name}`} className="aspect-square w-full object-cover" />
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  focusAfterRemove.current = i;
                  state.remove(p.key);
                }}
                aria-label={`Remove photo ${i + 1} (${p.file.name})`}
                className="absolute top-1.5 right-1.5 rounded-full bg-background/90 p-1.5 shadow outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Always present, so a refusal added to it is announced. */}
      <div aria-live="polite">
        {refused.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Files not added">
            {refused.map((r) => (
              <li key={r.key} data-testid="refused-file" className="relative flex flex-col gap-1 rounded-lg border border-dashed border-danger p-3 pr-10 text-sm wrap-anywhere">
                <p className="font-medium text-danger">Not added: {r.name}</p>
                <p className="text-xs text-muted-foreground">{r.reason}</p>
                <button
                  type="button"
                  onClick={() => state.dismiss(r.key)}
                  aria-label={`Dismiss the message about ${r.name}`}
                  className="absolute top-1.5 right-1.5 rounded-full p-1.5 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
