import { useState, type FormEvent, type ReactNode } from "react";
import type { DatingApp } from "../../profiles/options.ts";
import { TEXT_LIMITS } from "../../profiles/submission.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { useFocusAfterBusy } from "../ui/focus.ts";
import { useHydrated } from "../ui/hydrated.ts";
import type { Errors, Values } from "./AppSections.tsx";
import { NoScriptNote, TextField } from "./fields.tsx";
import { useFormValues } from "./form-state.ts";
import { PhotoUploader, usePhotos } from "./PhotoUploader.tsx";
import { buildProfile, checkBeforeSending, useProfileSubmission } from "./submission.ts";
import { SuccessDialog } from "./SuccessDialog.tsx";

/**
 * The frame of /hinge-form and /bumble-form: email, the app's own fields, photos, and the success dialog.
 * The profile is saved through POST /api/profiles like every other form, so nothing typed here is thrown away.
 */
export function StandaloneForm({
  app,
  title,
  lead,
  fields,
  children,
}: {
  app: DatingApp;
  title: string;
  lead: string;
  fields: readonly string[];
  children: (p: { values: Values; errors: Errors; onChange: (name: string, value: string) => void; disabled: boolean }) => ReactNode;
}) {
  const toast = useToast();
  const submission = useProfileSubmission();
  const form = useFormValues({}, submission.changed);
  const photos = usePhotos(form.photosChanged);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const busy = submission.stage !== "idle";
  const submitButton = useFocusAfterBusy<HTMLButtonElement>(busy);
  const disabled = busy || done;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const profile = buildProfile(form.values, ["email", ...fields], { dating_app: app });
    if (form.showErrors(checkBeforeSending(profile, photos.photos.length, toast), e.currentTarget)) return;
    if ((await submission.submit({ profile, photos: photos.photos.map((p) => p.file) })) === "saved") setDone(true);
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{lead}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 grid gap-6" aria-busy={busy}>
        <TextField
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          required
          maxLength={TEXT_LIMITS.email}
          value={form.values.email ?? ""}
          error={form.errors.email}
          onChange={form.onChange}
          disabled={disabled}
        />
        {children({ values: form.values, errors: form.errors, onChange: form.onChange, disabled })}
        <PhotoUploader
          photos={photos.photos}
          preparing={photos.preparing}
          onAdd={(files) => void photos.add(files)}
          onRemove={photos.remove}
          error={form.errors.photos}
          disabled={disabled}
        />
        <NoScriptNote />
        <button ref={submitButton} type="submit" disabled={disabled || photos.preparing || !hydrated} className={buttonClass("primary", "lg", "w-full")}>
          {busy ? "Processing..." : "Submit Profile"}
        </button>
      </form>
      <SuccessDialog open={done} title="Profile Submitted Successfully">
        Thank you! Your optimized profile will arrive by e-mail within 24 hours.
      </SuccessDialog>
    </section>
  );
}
