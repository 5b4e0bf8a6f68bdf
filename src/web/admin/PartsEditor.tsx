import { useRef, useState, type FormEvent } from "react";
import type { PartKey } from "../../shared/optimiser/parts.ts";
import type { DatingApp } from "../../shared/profiles/options.ts";
import { LimitAnnouncer, LimitCount, type AppLimit } from "../profile/AppLimitCounter.tsx";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { ConflictPanel } from "./ConflictPanel.tsx";
import { fieldId, FORM_LIMITS, GUIDE_FILE, guideFromFile, partLabel, withText, type FormErrors, type PartsForm } from "./parts-form.ts";
import { VERSION_KEY_OF } from "../../shared/optimiser/result-values.ts";
import { TONE_LABELS } from "../../shared/optimiser/render.ts";
import { PartBriefPanel, type DeskProps } from "./WriterDesk.tsx";
import type { PartsFormState } from "./use-parts-form.ts";
import type { SavePartsState } from "./use-save-parts.ts";

/**
 * The review dialog's writing tool (issue 20, item 2): every part the customer receives in its own plain-text field,
 * saved only by "Save Changes" (in the dialog's sticky bar, with Save and send: ./use-save-parts.ts). The bio and each
 * answer count against the app's limit; the starters and the guide's sections are one field each, added and removed
 * in place; the guide can be filled from a .txt or .md file. A part another administrator saved too is shown beside
 * its field with both texts and who saved the other, and the writer keeps their text (merged or not) or takes the
 * other (issue 27, item 3).
 */
export function PartsEditor({
  app,
  premium,
  desk = null,
  state,
  saving,
}: {
  app: DatingApp;
  premium: boolean;
  /** The writer's desk (./WriterDesk.tsx): a brief beside each part, and "Keep as it is…" for a part still to write. */
  desk?: DeskProps | null;
  state: PartsFormState & { form: PartsForm; base: NonNullable<PartsFormState["base"]> };
  /** The dialog's save: Enter in a field saves, and each field shows what stopped the last save. */
  saving: SavePartsState;
}) {
  const { form, base, setForm, conflicts } = state;
  const { errors } = saving;

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void saving.save();
  };

  const conflictPanel = (part: PartKey) => {
    const open = conflicts.find((c) => c.part === part);
    return open ? <ConflictPanel conflict={open} form={form} onKeep={() => state.keepMine(part)} onTakeTheirs={() => state.useTheirs(part)} /> : null;
  };

  const edit = (update: (f: PartsForm) => PartsForm, id?: string) => {
    setForm(update);
    if (id) saving.clearError(id);
  };

  /** A part's brief under its field: "Start from the draft" or "… the original" puts that text in the field. */
  const brief = (part: PartKey) =>
    desk && (
      <PartBriefPanel
        {...desk}
        part={part}
        label={desk.state?.toWrite.find((p) => p.part === part)?.label ?? partLabel(part, base.parts).toLowerCase()}
        onStart={(text) => {
          const id = part === "starters" ? fieldId.starter(0) : part === "guide" ? fieldId.guideTitle : fieldId.part(part);
          edit((f) => withText(f, part, text), id);
          requestAnimationFrame(() => document.getElementById(id)?.focus());
        }}
      />
    );

  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-labelledby="review-content-heading">
      {form.bio !== null && base.parts.bio && conflictPanel("bio")}
      {form.bio !== null && base.parts.bio && (
        <CountedText
          id={fieldId.bio}
          label="Bio"
          value={form.bio}
          max={base.parts.bio.limit}
          limit={{ app, field: "bio" }}
          maxLength={FORM_LIMITS.bio}
          rows={5}
          error={errors[fieldId.bio]}
          onChange={(text) => edit((f) => ({ ...f, bio: text }), fieldId.bio)}
        />
      )}
      {form.bio !== null && brief("bio")}

      {form.versions && base.parts.bio && (
        <fieldset className="space-y-4 rounded-lg border border-border p-4" data-testid="review-versions">
          <legend className="px-1 font-semibold">Bio versions (elite: one in each tone)</legend>
          {form.versions.map((v) => {
            const key = VERSION_KEY_OF[v.tone];
            return (
              <div key={v.tone} className="space-y-3">
                {conflictPanel(key)}
                <CountedText
                  id={fieldId.part(key)}
                  label={`${TONE_LABELS[v.tone]} version`}
                  value={v.text}
                  max={base.parts.bio!.limit}
                  limit={{ app, field: "bio" }}
                  maxLength={FORM_LIMITS.bio}
                  rows={4}
                  onChange={(text) => edit((f) => withText(f, key, text))}
                />
                {brief(key)}
              </div>
            );
          })}
        </fieldset>
      )}

      {form.versions && !base.parts.bio && (
        <fieldset className="space-y-4 rounded-lg border border-border p-4" data-testid="review-versions">
          <legend className="px-1 font-semibold">Answer sets (elite on an app without a bio: every answer, one set in each tone)</legend>
          {form.versions.map((v) => {
            const key = VERSION_KEY_OF[v.tone];
            return (
              <div key={v.tone} className="space-y-3">
                {conflictPanel(key)}
                <Field id={fieldId.part(key)} label={`${TONE_LABELS[v.tone]} answer set`} hint="Each prompt on its own line, its answer on the next, a blank line between answers.">
                  {(control) => (
                    <textarea {...control} rows={8} maxLength={FORM_LIMITS.bio} value={v.text} onChange={(e) => edit((f) => withText(f, key, e.target.value))} className={controlClass.textarea} />
                  )}
                </Field>
                {brief(key)}
              </div>
            );
          })}
        </fieldset>
      )}

      {form.prompts.map((p, i) => {
        const saved = base.parts.prompts.find((s) => s.key === p.key);
        const id = fieldId.prompt(p.key);
        return (
          <div key={p.key} className="space-y-3">
            {conflictPanel(p.key)}
            <CountedText
            id={id}
            label={`Answer to “${p.prompt}”`}
            value={p.text}
            max={saved?.limit ?? FORM_LIMITS.answer}
            limit={{ app, field: "promptAnswer" }}
            maxLength={FORM_LIMITS.answer}
            rows={3}
            error={errors[id]}
              onChange={(text) => edit((f) => ({ ...f, prompts: f.prompts.map((q, j) => (j === i ? { ...q, text } : q)) }), id)}
            />
            {brief(p.key)}
          </div>
        );
      })}

      {ELITE_TEXTS.map(({ key, label, hint, maxLength }) =>
        form[key] === null ? null : (
          <div key={key} className="space-y-3">
            {conflictPanel(key)}
            <Field id={fieldId.part(key)} label={label} hint={hint}>
              {(control) => <textarea {...control} rows={6} maxLength={maxLength} value={form[key] ?? ""} onChange={(e) => edit((f) => withText(f, key, e.target.value))} className={controlClass.textarea} />}
            </Field>
            {brief(key)}
          </div>
        ),
      )}

      {premium && conflictPanel("starters")}
      {premium && <StartersFields starters={form.starters} onChange={(starters) => edit((f) => ({ ...f, starters }))} />}
      {premium && brief("starters")}

      {premium && conflictPanel("guide")}
      {premium &&
        (form.guide ? (
          <GuideFields guide={form.guide} errors={errors} onChange={(guide, id) => edit((f) => ({ ...f, guide }), id)} />
        ) : (
          // A premium result stored without a guide (the plan sells one): the admin writes it.
          <button type="button" className={buttonClass("outline", "sm")} onClick={() => edit((f) => ({ ...f, guide: { title: "", sections: [{ heading: "", text: "" }] } }))}>
            Add a strategy guide
          </button>
        ))}
      {premium && form.guide && brief("guide")}

      {conflictPanel("recommendations")}
      <Field
        id={fieldId.recommendations}
        label="Recommendations"
        hint="Plain text. A blank line starts a new paragraph; lines that start with “- ” make a list, and a short line just before a list is its heading."
      >
        {(control) => (
          <textarea
            {...control}
            rows={10}
            maxLength={FORM_LIMITS.recommendations}
            value={form.recommendations}
            onChange={(e) => edit((f) => ({ ...f, recommendations: e.target.value }))}
            className={controlClass.textarea}
          />
        )}
      </Field>
      {brief("recommendations")}

    </form>
  );
}

/** Elite's two plain-text parts, each one field. */
const ELITE_TEXTS = [
  {
    key: "promptsToAnswer",
    label: "Prompts to answer",
    hint: `One a line: the prompt, “ — ”, then why it suits them. At most ${FORM_LIMITS.suggestions}.`,
    maxLength: FORM_LIMITS.promptsToAnswer,
  },
  {
    key: "photoPlan",
    label: "Photo plan",
    hint: `The summary, a blank line, then one missing shot a line: the shot, “ — ”, then why. At most ${FORM_LIMITS.shots} shots.`,
    maxLength: FORM_LIMITS.photoPlan,
  },
] as const;

/** A bio or an answer: its field, the live count against the app's limit in its description, the threshold announcer. */
function CountedText({
  id,
  label,
  value,
  max,
  limit,
  maxLength,
  rows,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  limit: AppLimit;
  maxLength: number;
  rows: number;
  error?: string;
  onChange: (text: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error} hint={<LimitCount id={id} limit={limit} value={value} max={max} audience="editor" />}>
      {(control) => (
        <>
          <textarea {...control} rows={rows} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass.textarea} />
          <LimitAnnouncer controlId={id} label={label} limit={limit} value={value} max={max} audience="editor" />
        </>
      )}
    </Field>
  );
}

/** Moves the focus to an element that appears with the next render (a field just added, or the one after a removal). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

function StartersFields({ starters, onChange }: { starters: string[]; onChange: (starters: string[]) => void }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-4" data-testid="review-starters">
      <legend className="px-1 font-semibold">Conversation starters</legend>
      {starters.length === 0 && <p className="text-sm text-muted-foreground">No starters. Add one, or the customer receives none.</p>}
      {starters.map((text, i) => (
        <div key={i} className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Field id={fieldId.starter(i)} label={`Starter ${i + 1}`}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={FORM_LIMITS.starter}
                  value={text}
                  onChange={(e) => onChange(starters.map((s, j) => (j === i ? e.target.value : s)))}
                  className={controlClass.textarea}
                />
              )}
            </Field>
          </div>
          <button
            type="button"
            className={buttonClass("ghost", "sm", "mt-7 shrink-0")}
            aria-label={`Remove starter ${i + 1}`}
            onClick={() => {
              onChange(starters.filter((_, j) => j !== i));
              focusSoon(starters.length > 1 ? fieldId.starter(Math.min(i, starters.length - 2)) : "review-add-starter");
            }}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        id="review-add-starter"
        type="button"
        className={buttonClass("outline", "sm")}
        disabled={starters.length >= FORM_LIMITS.starters}
        onClick={() => {
          onChange([...starters, ""]);
          focusSoon(fieldId.starter(starters.length));
        }}
      >
        Add a starter
      </button>
      {starters.length >= FORM_LIMITS.starters && <p className="text-sm text-muted-foreground">{FORM_LIMITS.starters} starters at most.</p>}
    </fieldset>
  );
}

type Guide = NonNullable<PartsForm["guide"]>;

function GuideFields({ guide, errors, onChange }: { guide: Guide; errors: FormErrors; onChange: (guide: Guide, id?: string) => void }) {
  const toast = useToast();
  const file = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [filled, setFilled] = useState<string | null>(null);
  const sections = guide.sections;
  const setSection = (i: number, part: "heading" | "text", value: string, id: string) =>
    onChange({ ...guide, sections: sections.map((s, j) => (j === i ? { ...s, [part]: value } : s)) }, id);

  // Filling replaces the guide's text in the form: it happens on the admin's click, never on choosing the file.
  const readFile = async () => {
    const chosen = file.current?.files?.[0];
    setFilled(null);
    if (!chosen) {
      setFileError("Choose a .txt or .md file first.");
      file.current?.focus();
      return;
    }
    if (!GUIDE_FILE.test(chosen.name)) {
      setFileError("Please choose a .txt or .md file.");
      file.current?.focus();
      return;
    }
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      toast({ title: "File Reading Error", description: "Failed to read the strategy guide file.", variant: "destructive" });
      return;
    }
    const read = guideFromFile(text, guide.title);
    if (typeof read === "string") {
      setFileError(read);
      file.current?.focus();
      return;
    }
    setFileError(undefined);
    onChange(read);
    setFilled(`The guide now holds ${chosen.name}: ${read.sections.length} ${read.sections.length === 1 ? "section" : "sections"}. Read it over, then save.`);
    if (file.current) file.current.value = "";
  };

  return (
    <fieldset className="space-y-4 rounded-lg border border-border p-4" data-testid="review-guide">
      <legend className="px-1 font-semibold">Strategy guide</legend>
      <Field id={fieldId.guideTitle} label="Guide title" error={errors[fieldId.guideTitle]}>
        {(control) => (
          <input
            {...control}
            maxLength={FORM_LIMITS.guideTitle}
            value={guide.title}
            onChange={(e) => onChange({ ...guide, title: e.target.value }, fieldId.guideTitle)}
            className={controlClass.input}
          />
        )}
      </Field>
      {sections.map((s, i) => (
        <div key={i} role="group" aria-labelledby={`review-guide-${i + 1}-name`} className="space-y-3 rounded-md border border-border p-3">
          <div className="flex items-center justify-between gap-2">
            <h4 id={`review-guide-${i + 1}-name`} className="text-sm font-semibold">
              Section {i + 1}
            </h4>
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              aria-label={`Remove section ${i + 1}`}
              onClick={() => {
                onChange({ ...guide, sections: sections.filter((_, j) => j !== i) });
                focusSoon(sections.length > 1 ? fieldId.heading(Math.min(i, sections.length - 2)) : "review-add-section");
              }}
            >
              Remove
            </button>
          </div>
          <Field id={fieldId.heading(i)} label={`Section ${i + 1} heading`} error={errors[fieldId.heading(i)]}>
            {(control) => <input {...control} maxLength={FORM_LIMITS.heading} value={s.heading} onChange={(e) => setSection(i, "heading", e.target.value, fieldId.heading(i))} className={controlClass.input} />}
          </Field>
          <Field id={fieldId.sectionText(i)} label={`Section ${i + 1} points`} hint={`One point per line, at most ${FORM_LIMITS.points}.`} error={errors[fieldId.sectionText(i)]}>
            {(control) => (
              <textarea
                {...control}
                rows={6}
                maxLength={FORM_LIMITS.sectionText}
                value={s.text}
                onChange={(e) => setSection(i, "text", e.target.value, fieldId.sectionText(i))}
                className={controlClass.textarea}
              />
            )}
          </Field>
        </div>
      ))}
      <button
        id="review-add-section"
        type="button"
        className={buttonClass("outline", "sm")}
        disabled={sections.length >= FORM_LIMITS.sections}
        onClick={() => {
          onChange({ ...guide, sections: [...sections, { heading: "", text: "" }] });
          focusSoon(fieldId.heading(sections.length));
        }}
      >
        Add a section
      </button>
      <Field
        id="review-guide-file"
        label="Strategy guide (.txt or .md file)"
        error={fileError}
        hint="“#” the title, “##” each section, one point per line. Filling replaces the guide above; nothing is saved until you save."
      >
        {(control) => (
          <input
            {...control}
            ref={file}
            type="file"
            accept=".txt,.md,text/plain,text/markdown"
            onChange={() => {
              setFileError(undefined);
              setFilled(null);
            }}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted"
          />
        )}
      </Field>
      <button type="button" className={buttonClass("outline", "sm")} onClick={() => void readFile()}>
        Fill the guide from the file
      </button>
      <p role="status" className="text-sm" data-testid="review-guide-filled">
        {filled}
      </p>
    </fieldset>
  );
}
