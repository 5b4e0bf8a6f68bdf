import type { Stage } from "./submission.ts";
import type { UploadProgress } from "./upload-xhr.ts";

const KB = 1024;
const MB = 1024 * KB;

/** "3.2 of 9.8 MB"; below a megabyte in all, "45 of 180 KB" (0.0 of 0.2 MB would say nothing). */
function sentOf(sent: number, total: number): string {
  return total < MB ? `${Math.round(sent / KB)} of ${Math.round(total / KB)} KB` : `${(sent / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`;
}

const WORDS: Record<Exclude<Stage, "idle">, string> = {
  uploading: "Uploading photos…",
  checking: "Checking photos…",
  checkout: "Preparing payment…",
};

/**
 * What a busy form is doing, under its submit button: the step in words ("Uploading photos… 3.2 of 9.8 MB") and a
 * bar of the bytes sent. Only the step is a live region: a screen reader hears each step once, not every kilobyte;
 * the bar's value text carries the numbers for whoever asks. MB as in the photo size limit (10MB = 10 × 1024²).
 */
export function SubmitProgress({ stage, progress }: { stage: Stage; progress: UploadProgress | null }) {
  const words = stage === "idle" ? "" : WORDS[stage];
  const total = progress?.total ?? 0;
  // Once the body is sent the bar stays full while the server checks the photos and the payment is prepared.
  const sent = stage === "uploading" ? (progress?.loaded ?? 0) : total;
  const amounts = stage === "uploading" && total > 0 ? sentOf(sent, total) : "";
  return (
    // Always rendered (out of sight while idle), so the live region exists before its first words arrive.
    <div className={stage === "idle" ? "sr-only" : "grid gap-2"} data-testid="submit-progress">
      <p className="text-sm">
        <span aria-live="polite">{words}</span> <span className="text-muted-foreground">{amounts}</span>
      </p>
      {stage !== "idle" && total > 0 && (
        <div
          role="progressbar"
          aria-label="Photo upload"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={sent}
          aria-valuetext={amounts ? `${amounts} sent` : "All photos sent"}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.round((sent / total) * 1000) / 10}%` }} />
        </div>
      )}
    </div>
  );
}
