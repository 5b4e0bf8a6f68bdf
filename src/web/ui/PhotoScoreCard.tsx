import type { ReactNode } from "react";

/** What a card shows of a photo's analysis: the spec's photo `analysis` (score, rank, keep, faces, reasons). */
export interface PhotoScore {
  score: number;
  keep: boolean;
  faces: number;
  reasons: string[];
}

/**
 * One photo with its analysis: the picture (or what stands in for it), a heading naming the photo, the score, a
 * "Leave out" badge for a photo not to use, and the reasons; a photo without an analysis gets `unanalysed` instead.
 * The results page shows it to the customer; the review dialog shows the `review` card, which also counts the faces
 * and sits tighter, so the administrator sees what the customer will.
 */
export function PhotoScoreCard({
  photoId,
  headingId,
  heading,
  picture,
  analysis: a,
  unanalysed,
  variant,
}: {
  photoId: string;
  headingId: string;
  heading: string;
  picture: ReactNode;
  analysis: PhotoScore | null;
  unanalysed: string;
  variant: "customer" | "review";
}) {
  const review = variant === "review";
  const leaveOut = a !== null && !a.keep;
  return (
    <li data-photo-id={photoId} aria-labelledby={headingId} className={`flex ${review ? "gap-3" : "gap-4"} rounded-lg border p-3 ${leaveOut ? "border-dashed border-border" : "border-border"}`}>
      {picture}
      <div className="min-w-0 flex-1">
        <h4 id={headingId} className={review ? "font-medium" : "font-semibold"}>
          {heading}
        </h4>
        {a ? (
          <>
            <p className={`mt-1 flex flex-wrap items-center ${review ? "gap-x-3 gap-y-1" : "gap-2"} text-sm`}>
              <span data-testid="photo-score">
                Score <strong>{a.score}</strong>/100
              </span>
              {review && (
                <span>
                  {a.faces} {a.faces === 1 ? "face" : "faces"}
                </span>
              )}
              {leaveOut && (
                <span className="rounded-full border border-danger px-2 py-0.5 text-xs font-medium text-danger" data-testid={review ? undefined : "leave-out"}>
                  Leave out
                </span>
              )}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {a.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">{unanalysed}</p>
        )}
      </div>
    </li>
  );
}
