import { useEffect, useRef, useState, type FormEvent } from "react";
import type { RetentionDates } from "../../shared/api/results.ts";
import { confirmationProblem } from "../../shared/privacy/confirmation-rules.ts";
import { apiRequest, ApiRequestError, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { saveDownload } from "../ui/download.ts";
import { EmailField } from "../ui/EmailField.tsx";
import { calendarDay } from "../ui/calendar-day.ts";
import { useHydrated } from "../ui/hydrated.ts";
import { island } from "../island.tsx";
import { useNavigate } from "../navigation.tsx";

const FIELD_ID = "your-data-email";
const CONNECTION = "Please check your connection and try again.";

/** The server's own rule and words (src/shared/privacy/confirmation-rules.ts; the API's schema is built from them). */
const problemOf = confirmationProblem;

/**
 * "Your Data" on the results page (GDPR articles 15 and 17): when retention deletes what, a download of everything
 * stored about the profile, and its erasure. Both are confirmed by typing the e-mail address the results were sent
 * to (the server compares it); erasing asks once more before it deletes, without showing the address typed: it is
 * not checked until the deletion is asked for, and a page must not read back an address as if it were the customer's. Once
 * erased (or found gone), the page is loaded again: the server now draws it as deleted on request.
 */
export function YourData({ profileId, retention }: { profileId: string; retention: RetentionDates }) {
  const toast = useToast();
  const navigate = useNavigate();
  const onErased = () => navigate(`/view-results?id=${encodeURIComponent(profileId)}`, { replace: true });
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<"export" | "erase" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Opening the confirmation moves the focus into it; closing it gives the focus back to the button that opened it.
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) eraseButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const checked = (): boolean => {
    const problem = problemOf(email);
    setError(problem);
    if (problem) document.getElementById(FIELD_ID)?.focus();
    return !problem;
  };

  const refused = (err: unknown, title: string) => {
    if (err instanceof ApiRequestError && err.status === 403) {
      setConfirming(false);
      setError(err.serverMessage);
      document.getElementById(FIELD_ID)?.focus();
    } else if (err instanceof ApiRequestError && err.status === 410) {
      onErased();
    } else {
      toast({ title, description: messageOf(err, CONNECTION), variant: "destructive" });
    }
  };

  const download = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDownloaded(null);
    if (!checked()) return;
    setBusy("export");
    try {
      const res = await apiRequest("POST", `/api/profiles/${encodeURIComponent(profileId)}/export`, { email: email.trim() });
      setDownloaded(await saveDownload(res, "profileboost-data.zip"));
    } catch (err) {
      refused(err, "Download Failed");
    }
    setBusy(null);
  };

  const erase = async () => {
    setBusy("erase");
    try {
      const res = await apiRequest("DELETE", `/api/profiles/${encodeURIComponent(profileId)}`, { email: email.trim() });
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      const message = typeof answer.message === "string" && answer.message ? answer.message : "Your data has been deleted.";
      toast({ title: "Data Deleted", description: message });
      onErased();
    } catch (err) {
      refused(err, "Deletion Failed");
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="your-data-heading" className="mt-10 rounded-lg border border-border p-5" data-testid="your-data">
      <h2 id="your-data-heading" className="text-xl font-semibold">
        Your Data
      </h2>
      <RetentionNote retention={retention} />
      <p className="mt-2 text-muted-foreground">
        Download a copy of everything we store about this profile, or have all of it deleted now. To confirm it is you, type the e-mail address your
        results were sent to.
      </p>
      <form onSubmit={download} noValidate aria-label="Your data" className="mt-4 space-y-4">
        <EmailField
          id={FIELD_ID}
          name="email"
          label="Your e-mail address"
          error={error}
          value={email}
          disabled={busy === "erase"}
          onChange={(value) => {
            setEmail(value);
            if (error) setError(problemOf(value));
          }}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy !== null} className={buttonClass("outline")}>
            {busy === "export" ? "Preparing..." : "Download My Data"}
          </button>
          {!confirming && (
            <button ref={eraseButton} type="button" disabled={busy !== null} onClick={() => checked() && setConfirming(true)} className={buttonClass("outline", "md", "text-danger")}>
              Delete My Data
            </button>
          )}
        </div>
      </form>
      {downloaded && (
        <p role="status" className="mt-3 text-sm" data-testid="download-started">
          Your download has started: {downloaded}
        </p>
      )}
      {confirming && (
        <div role="group" aria-labelledby="erase-heading" className="mt-4 space-y-3 rounded-lg border border-danger p-4" data-testid="erase-confirm">
          <h3 id="erase-heading" ref={confirmHeading} tabIndex={-1} className="font-semibold outline-none">
            Delete everything now?
          </h3>
          <p className="text-sm">
            Your photos, your profile text, your results and your e-mail address are deleted at once and cannot be brought back; this page will no
            longer show your results. We keep only your order&apos;s amount and dates, for our accounts, and e-mail a receipt to the address your
            results were sent to.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={erase} disabled={busy !== null} className={buttonClass("destructive")}>
              {busy === "erase" ? "Deleting..." : "Delete Permanently"}
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy !== null} className={buttonClass("ghost")}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** When retention deletes the photos and then the rest, or when it did: the privacy policy's periods, as dates. */
function RetentionNote({ retention }: { retention: RetentionDates }) {
  const local = useHydrated();
  const day = (iso: string) => calendarDay(iso, local);
  const { photos_deleted_at: deleted, photos_delete_at: due, text_delete_at: rest } = retention;
  if (!deleted && !due) return null;
  return (
    <p className="mt-2" data-testid="retention-note">
      {deleted ? `Your photos were deleted on ${day(deleted)}, as our privacy policy says.` : `As our privacy policy says, your photos will be deleted on ${day(due!)}.`}
      {rest && ` Your profile text, results and e-mail address follow on ${day(rest)}.`} We e-mail you a receipt each time.
    </p>
  );
}

/** An island on the server-drawn results page (decision 143). */
export const YourDataIsland = island("YourDataIsland", YourData);
