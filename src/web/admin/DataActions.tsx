import { useEffect, useRef, useState, type FormEvent } from "react";
import { apiRequest, ApiRequestError, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { saveDownload } from "../ui/download.ts";
import { EmailField } from "../ui/EmailField.tsx";
import { ConfirmButtons } from "./ConfirmButtons.tsx";
import { useRole } from "./role.ts";
import type { AdminProfileDetail } from "./types.ts";

const FIELD_ID = "review-erase-email";
const CONNECTION = "Please check your connection and try again.";

/**
 * The customer's data in the review dialog (GDPR articles 15 and 17), for a customer who asks support rather than
 * using their results page: Export Data downloads the same zip the customer gets; Erase Data deletes it all at once
 * after the administrator types the customer's address again (the server checks it, as it does the customer's).
 * Both are recorded in the audit trail. `onErased` closes the dialog: the profile is gone. Shown to an owner only.
 */
export function DataActions({
  profile,
  ask,
  onErased,
}: {
  profile: AdminProfileDetail;
  /** Answers whether the erasure may go on, asking first when text is unsaved in the editor (UnsavedGuard.tsx). */
  ask: (what: string) => Promise<boolean>;
  onErased: () => void;
}) {
  const toast = useToast();
  const owner = useRole() === "owner";
  const [busy, setBusy] = useState<"export" | "erase" | null>(null);
  const [erasing, setErasing] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const eraseButton = useRef<HTMLButtonElement>(null);
  const wasErasing = useRef(false);
  useEffect(() => {
    if (wasErasing.current && !erasing) eraseButton.current?.focus();
    wasErasing.current = erasing;
  }, [erasing]);
  // Retention already cleared the text and the address: there is nothing left to erase.
  const erasable = profile.text_cleared_at === null;

  const exportData = async () => {
    setBusy("export");
    try {
      const res = await apiRequest("POST", `/api/admin/profiles/${encodeURIComponent(profile.id)}/export`);
      toast({ title: "Data Exported", description: `Saved as ${await saveDownload(res, "profileboost-data.zip")}.` });
    } catch (err) {
      toast({ title: "Export Failed", description: messageOf(err, CONNECTION), variant: "destructive" });
    }
    setBusy(null);
  };

  const confirmErase = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The server's own schema and words, fetched at the first erasure: zod is no part of the dialog's first load.
    const { confirmationSchema } = await import("../../shared/privacy/confirmation.ts");
    const parsed = confirmationSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setError(undefined);
    setBusy("erase");
    try {
      const res = await apiRequest("DELETE", `/api/admin/profiles/${encodeURIComponent(profile.id)}`, parsed.data);
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      toast({ title: "Data Erased", description: typeof answer.message === "string" ? answer.message : undefined });
      onErased();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 403) {
        setError("That is not this customer's e-mail address.");
        document.getElementById(FIELD_ID)?.focus();
      } else {
        toast({ title: "Erasure Failed", description: messageOf(err, CONNECTION), variant: "destructive" });
      }
      setBusy(null);
    }
  };

  // The customer's data is an owner's business (docs/decisions/117-owner-and-writer-one-guard.md).
  if (!owner) return null;

  return (
    <div className="space-y-3" data-testid="review-data-actions">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Customer data:</span>
        <button type="button" onClick={exportData} disabled={busy !== null} className={buttonClass("outline", "sm")}>
          {busy === "export" ? "Exporting..." : "Export Data"}
        </button>
        {erasable && !erasing && (
          <button ref={eraseButton} type="button" onClick={async () => (await ask("erase this profile's data")) && setErasing(true)} disabled={busy !== null} className={buttonClass("outline", "sm", "text-danger")}>
            Erase Data
          </button>
        )}
      </div>
      {erasing && (
        <form onSubmit={confirmErase} noValidate aria-labelledby="review-erase-heading" className="space-y-3 rounded-lg border border-danger p-4">
          <h3 id="review-erase-heading" className="font-semibold">
            Erase this customer&apos;s data
          </h3>
          <p className="text-sm text-muted-foreground">
            The photos, the profile text, the results, the e-mail address, the customer&apos;s contact messages and all queued work are deleted at
            once; the order keeps its amount and dates. The customer is e-mailed a receipt. This cannot be undone.
          </p>
          <EmailField id={FIELD_ID} label="Type the customer's e-mail address to confirm" error={error} value={email} onChange={setEmail} autoComplete="off" autoFocus />
          <ConfirmButtons
            label="Erase Permanently"
            busyLabel="Erasing..."
            busy={busy === "erase"}
            disabled={busy !== null}
            onCancel={() => {
              setErasing(false);
              setError(undefined);
            }}
          />
        </form>
      )}
    </div>
  );
}
