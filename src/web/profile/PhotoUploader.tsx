import { useCallback, useEffect, useRef, useState } from "react";
import { ACCEPTED_PHOTO_FORMATS, MAX_PHOTO_BYTES, MAX_PHOTOS, MIN_PHOTOS, PHOTO_SIZE_HINT } from "../../profiles/limits.ts";
import { useToast } from "../toast.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { downscaleForUpload } from "./downscale.ts";

export interface SelectedPhoto {
  key: number;
  file: File;
  /** An object URL for the preview; revoked when the photo is removed or the page closes. */
  previewUrl: string;
}

let nextKey = 1;

/** The photos a form holds, with the spec's selection rules (section 5) and the browser-side downscaling. */
export function usePhotos(onChange?: () => void) {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [preparing, setPreparing] = useState(false);
  const toast = useToast();
  const current = useRef(photos);
  current.current = photos;

  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const add = useCallback(
    async (selected: File[]) => {
      if (selected.length === 0) return;
      if (current.current.length + selected.length > MAX_PHOTOS) {
        toast({ title: "Too many files", description: "You can only upload up to 6 photos.", variant: "destructive" });
        return;
      }
      setPreparing(true);
      const ready: SelectedPhoto[] = [];
      for (const original of selected) {
        if (!original.type.startsWith("image/")) {
          toast({ title: "Not an image", description: `${original.name} is not a photo. Please choose ${ACCEPTED_PHOTO_FORMATS} images.`, variant: "destructive" });
          continue;
        }
        const file = await downscaleForUpload(original);
        if (file.size > MAX_PHOTO_BYTES) {
          toast({ title: "File too large", description: `${original.name} is larger than ${PHOTO_SIZE_HINT}.`, variant: "destructive" });
          continue;
        }
        ready.push({ key: nextKey++, file, previewUrl: URL.createObjectURL(file) });
      }
      setPreparing(false);
      const total = current.current.length + ready.length;
      setPhotos((list) => [...list, ...ready]);
      if (ready.length > 0) onChange?.();
      if (total < MIN_PHOTOS) {
        toast({ title: "Too few files", description: "Please upload at least 3 photos.", variant: "destructive" });
      }
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

  return { photos, preparing, add, remove };
}

/**
 * Spec: 3 to 6 images, previews, a remove button on each, one size hint that the server enforces.
 * The file input itself is the keyboard control (visually hidden, its label drawn as a button); the count is
 * announced politely as photos are added or removed, and the error is tied to the input. Removing a photo moves
 * focus to the next remove button (or the picker when none is left), so the keyboard never falls off the page.
 */
export function PhotoUploader({
  photos,
  preparing,
  onAdd,
  onRemove,
  error,
  disabled,
}: {
  photos: SelectedPhoto[];
  preparing: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (key: number) => void;
  error?: string;
  disabled?: boolean;
}) {
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
          aria-describedby={error ? "photos-hint photos-count photos-error" : "photos-hint photos-count"}
          aria-invalid={error ? true : undefined}
          ref={input}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            onAdd(files);
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
      {error && (
        <p id="photos-error" className="text-sm text-danger">
          {error}
        </p>
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
                  onRemove(p.key);
                }}
                aria-label={`Remove photo ${i + 1} (${p.file.name})`}
                className="absolute top-1.5 right-1.5 rounded-full bg-background/90 p-1.5 shadow outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
