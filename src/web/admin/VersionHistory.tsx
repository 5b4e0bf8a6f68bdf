import { useState } from "react";
import type { PartKey } from "../../shared/optimiser/parts.ts";
import { apiGet, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { writeDetail } from "./actions.ts";
import { DiffText } from "./DiffText.tsx";
import { partLabel, partText } from "./parts-form.ts";
import { formatDateTime } from "./time.ts";
import type { AdminProfileDetail, HistoryEntry, VersionAnswer } from "./types.ts";
import { wordDiff } from "./word-diff.ts";

const MADE_BY: Record<HistoryEntry["kind"], string> = {
  machine: "The optimizer's first result",
  rerun: "A new run of the optimizer",
  edit: "Saved",
  draft: "Parts taken from a new run",
  restore: "An earlier version restored",
  migrated: "Carried over from before versions",
  stand: "A part kept as it is, with the reason",
};

/**
 * Every version of the result, newest first (issue 27, item 4): who made it, when, which parts it changed; opened, the
 * changed parts as a word diff from the version before; and "Restore this version", which makes its text the working
 * version again as a new version (nothing is overwritten). Restoring waits until the form has no unsaved text.
 */
export function VersionHistory({ profile, unsaved, onRestored }: { profile: AdminProfileDetail; unsaved: boolean; onRestored: (detail: AdminProfileDetail) => void }) {
  const [open, setOpen] = useState<VersionAnswer | null>(null);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  if (profile.history.length === 0) return null;

  const show = async (id: number) => {
    if (open?.id === id) return setOpen(null);
    try {
      setOpen(await apiGet<VersionAnswer>(`/api/admin/profiles/${encodeURIComponent(profile.id)}/versions/${id}`));
    } catch (err) {
      toast({ title: "Failed to Load the Version", description: messageOf(err, "The server could not be reached."), variant: "destructive" });
    }
  };

  const restore = async (id: number) => {
    setPending(true);
    const answer = await writeDetail(profile.id, "POST", `versions/${id}/restore`, { version: profile.version });
    setPending(false);
    if (!answer.ok) {
      toast({ title: "Failed to Restore the Version", description: answer.message, variant: "destructive" });
      return;
    }
    toast({ title: "Version Restored", description: `Version ${id}'s text is the working text again, as a new version.` });
    setOpen(null);
    onRestored(answer.detail);
  };

  return (
    <section aria-labelledby="review-history-heading" data-testid="review-history">
      <h3 id="review-history-heading" className="text-lg font-semibold">
        Version History
      </h3>
      <ol className="mt-3 divide-y divide-border rounded-lg border border-border text-sm">
        {profile.history.map((v) => (
          <li key={v.id} className="space-y-2 p-3" data-testid={`history-${v.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="break-words">
                <span className="font-medium">Version {v.id}</span> · <time dateTime={v.at}>{formatDateTime(v.at)}</time> · {MADE_BY[v.kind]}
                {v.author && <span> by {v.author}</span>}
                {v.changed.length > 0 && <span className="text-muted-foreground">: {v.changed.map((k) => partName(k, profile)).join(", ")}</span>}
                {v.working && <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">Working</span>}
                {v.draft && <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">New draft</span>}
                {v.released && <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">Sent</span>}
              </p>
              <div className="flex gap-2">
                <button type="button" className={buttonClass("ghost", "sm")} aria-expanded={open?.id === v.id} onClick={() => void show(v.id)}>
                  {open?.id === v.id ? "Hide changes" : "Show changes"}
                </button>
                {profile.editable && !v.working && !v.draft && (
                  <button type="button" className={buttonClass("outline", "sm")} disabled={pending || unsaved} title={unsaved ? "Save or discard your text first." : undefined} onClick={() => void restore(v.id)}>
                    Restore this version
                  </button>
                )}
              </div>
            </div>
            {open?.id === v.id && <VersionChanges version={open} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function partName(key: PartKey, profile: AdminProfileDetail): string {
  return profile.parts ? partLabel(key, profile.parts) : key;
}

function VersionChanges({ version }: { version: VersionAnswer }) {
  const { parts, parent_parts: parent } = version;
  if (!parts) return <p className="text-muted-foreground">This version's text was cleared under the retention policy.</p>;
  if (!parent || version.changed.length === 0) return <p className="text-muted-foreground">{parent ? "No part changed from the version before." : "The first version: nothing to compare it with."}</p>;
  return (
    <div className="space-y-3" data-testid="history-changes">
      {version.changed.map((key) => (
        <div key={key} className="rounded-lg bg-muted p-3">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{partLabel(key, parts)}</p>
          <DiffText pieces={wordDiff(partText(key, parent), partText(key, parts))} />
        </div>
      ))}
    </div>
  );
}
