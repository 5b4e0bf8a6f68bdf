import { useId, useState } from "react";
import type { DeskState, PartBrief } from "../../shared/api/admin-profiles.ts";
import type { PartKey } from "../../shared/optimiser/parts.ts";
import { STAND_REASON } from "../../shared/optimiser/result-values.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { writeDetail } from "./actions.ts";
import { goToField } from "./focus-field.ts";
import { fieldId } from "./parts-form.ts";
import type { AdminProfileDetail } from "./types.ts";

/**
 * The writer's desk in the review dialog (issue 28): the parts still to write at the top, each a link to its field
 * with its text selected, as the part navigator's (./focus-field.ts); beside each part, its brief (the customer's
 * revision note first, the facts to keep, the problems found, the customer's voice, the app's limit and the plan's
 * promise, the machine's draft and the original, each one click from the field) and "Keep as it is…", which records
 * why the text stands. The same list Send refuses on (src/shared/admin/desk.ts), so the part leaves the list as soon
 * as it is written or kept.
 */
export function StillToWrite({ desk }: { desk: DeskState | null }) {
  if (!desk || desk.toWrite.length === 0) return null;
  const n = desk.toWrite.length;
  return (
    <section aria-labelledby="review-to-write-heading" className="rounded-lg border border-danger p-4" data-testid="review-to-write">
      <h3 id="review-to-write-heading" className="font-semibold">
        Still to write: {n} {n === 1 ? "part" : "parts"}
      </h3>
      <p className="mt-1 text-sm">The result cannot be sent until each is written, or kept as it is with the reason.</p>
      <ul className="mt-2 space-y-1 text-sm">
        {desk.toWrite.map((p) => (
          <li key={p.part}>
            <a
              href={`#${fieldId.part(p.part)}`}
              className="font-medium text-primary underline"
              onClick={(e) => {
                e.preventDefault();
                goToField(fieldId.part(p.part));
              }}
            >
              {capitalise(p.label)}
            </a>
            <span className="text-muted-foreground">: {p.why}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the editor needs of the dialog for the desk: one prop (PartsEditor's `desk`). */
export interface DeskProps {
  /** The detail's `desk`. */
  state: DeskState | null;
  profileId: string;
  /** The version the detail answered: what a reason to keep is recorded against. */
  version: string;
  /** The profile as stored after a reason was recorded. */
  onDetail: (detail: AdminProfileDetail) => void;
}

/** One part's brief, its starting texts and "Keep as it is…"; open while the part waits for a writer. */
export function PartBriefPanel({
  profileId,
  version,
  part,
  label,
  state: desk,
  onStart,
  onDetail,
}: DeskProps & {
  part: PartKey;
  /** The part in the writer's words ("the bio"). */
  label: string;
  /** Puts a text in the part's field. */
  onStart: (text: string) => void;
}) {
  const brief = desk?.brief[part];
  if (!brief) return null;
  const waiting = desk.toWrite.find((p) => p.part === part) ?? null;
  const stand = desk.stands.find((s) => s.part === part) ?? null;
  return (
    <details className="rounded-md border border-border bg-muted/40 p-3 text-sm" open={waiting !== null} data-testid={`review-brief-${part}`}>
      <summary className="cursor-pointer font-medium">
        Writer's brief for {label}
        {waiting ? " (still to write)" : stand ? " (kept as it is)" : ""}
      </summary>
      <div className="mt-2 space-y-2">
        {brief.revisionNote && (
          <p className="rounded-md border border-primary/50 p-2" data-testid="brief-revision-note">
            <strong>The customer's revision note:</strong> <span className="whitespace-pre-line break-words">{brief.revisionNote}</span>
          </p>
        )}
        {waiting && <p className="text-danger">{waiting.why}</p>}
        {stand && (
          <p>
            Kept as it is by {stand.by}: “{stand.reason}”
          </p>
        )}
        <BriefFacts brief={brief} />
        <StartingTexts label={label} brief={brief} onStart={onStart} />
        {waiting && <KeepAsItIs profileId={profileId} version={version} part={part} label={label} onDetail={onDetail} />}
      </div>
    </details>
  );
}

function BriefFacts({ brief }: { brief: PartBrief }) {
  return (
    <dl className="grid gap-2">
      {brief.facts.length > 0 && (
        <div>
          <dt className="font-semibold">Facts to keep</dt>
          <dd>
            <ul className="list-disc pl-5">
              {brief.facts.map((f) => (
                <li key={f} className="break-words">
                  {f}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {brief.problems.length > 0 && (
        <div>
          <dt className="font-semibold">Problems found</dt>
          <dd>
            <ul className="list-disc pl-5">
              {brief.problems.map((p, i) => (
                <li key={i} className="break-words">
                  <strong>{p.title}</strong>
                  {p.phrase ? ` (“${p.phrase}”)` : ""}: {p.reason}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      <div>
        <dt className="font-semibold">The customer's voice</dt>
        <dd>{brief.voice}</dd>
      </div>
      <div>
        <dt className="font-semibold">Limit and promise</dt>
        <dd>
          {brief.limit !== null ? `${brief.limit} characters in the app. ` : ""}
          {brief.promise}
        </dd>
      </div>
    </dl>
  );
}

/** The machine's draft and the customer's original, each with the button that puts it in the field. */
function StartingTexts({ label, brief, onStart }: { label: string; brief: PartBrief; onStart: (text: string) => void }) {
  const texts = [
    { name: "draft", title: "The optimizer's draft", text: brief.draft },
    { name: "original", title: "The customer's original", text: brief.original },
  ] as const;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {texts.map((t) => (
        <div key={t.name} className="rounded-md border border-border p-2">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t.title}</p>
          <p className="mt-1 whitespace-pre-line break-words">{t.text || "None."}</p>
          <button
            type="button"
            className={buttonClass("outline", "sm", "mt-2")}
            disabled={!t.text}
            aria-label={`Start from the ${t.name}: ${label}`}
            onClick={() => t.text && onStart(t.text)}
          >
            Start from the {t.name}
          </button>
        </div>
      ))}
    </div>
  );
}

/** "Keep as it is…": the reason the text stands (3 to 300 characters), recorded and audited. */
function KeepAsItIs({ profileId, version, part, label, onDetail }: { profileId: string; version: string; part: PartKey; label: string; onDetail: (detail: AdminProfileDetail) => void }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const id = `review-keep-${part}`;
  const opener = useId();

  const record = async () => {
    const text = reason.trim();
    if (text.length < STAND_REASON.min) {
      setError(`Say why the text stands as it is (at least ${STAND_REASON.min} characters).`);
      document.getElementById(id)?.focus();
      return;
    }
    setPending(true);
    const answer = await writeDetail(profileId, "POST", "stands", { version, part, reason: text });
    setPending(false);
    if (!answer.ok) {
      setError(answer.message);
      document.getElementById(id)?.focus();
      return;
    }
    toast({ title: "Kept as It Is", description: `${label.charAt(0).toUpperCase()}${label.slice(1)} stands, with your reason in the audit trail.` });
    setOpen(false);
    onDetail(answer.detail);
    requestAnimationFrame(() => document.getElementById(fieldId.part(part))?.focus());
  };

  if (!open) {
    return (
      <button
        id={opener}
        type="button"
        className={buttonClass("ghost", "sm")}
        aria-label={`Keep as it is…: ${label}`}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(id)?.focus());
        }}
      >
        Keep as it is…
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-legend`} className="space-y-2 rounded-md border border-border p-2">
      <p id={`${id}-legend`} className="font-medium">
        Keep {label} as it is
      </p>
      <Field id={id} label="Why it stands as it is" hint="Recorded in the audit trail with your name, e.g. “Already strong: specific and in their voice.”" error={error}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={STAND_REASON.max}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            className={controlClass.textarea}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <button type="button" className={buttonClass("primary", "sm")} disabled={pending} onClick={() => void record()}>
          {pending ? "Recording..." : "Record the reason"}
        </button>
        <button
          type="button"
          className={buttonClass("ghost", "sm")}
          onClick={() => {
            setOpen(false);
            setError(undefined);
            requestAnimationFrame(() => document.getElementById(opener)?.focus());
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
