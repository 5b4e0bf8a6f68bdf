import type { ResultsAnswer } from "../../shared/api/results.ts";

type ResultPhoto = NonNullable<ResultsAnswer["profile"]["photos"]>[number];

/** Analysed photos by recommended rank, then any the analysis does not cover, in upload order. */
function inRecommendedOrder(photos: ResultPhoto[]): { photo: ResultPhoto; uploadPosition: number }[] {
  return photos
    .map((photo, i) => ({ photo, uploadPosition: photo.analysis?.uploadPosition ?? i + 1 }))
    .sort((a, b) => (a.photo.analysis?.rank ?? Infinity) - (b.photo.analysis?.rank ?? Infinity) || a.uploadPosition - b.uploadPosition);
}

/** Where a photo was, once retention deleted it: no request for an image that is gone. */
function DeletedPhoto() {
  return (
    <span className="flex h-24 w-24 shrink-0 items-center justify-center rounded-md border border-dashed border-border bg-muted p-2 text-center text-xs text-muted-foreground sm:h-28 sm:w-28" data-testid="photo-deleted">
      Photo deleted
    </span>
  );
}

/**
 * The customer's own photos (thumbnails, served to whoever holds the results link once the result is released) in
 * the order we recommend, each with its score and the reasons; the ones to leave out say so. Once retention deleted
 * the photos, each keeps its place and analysis with a note instead of its picture.
 */
export function PhotoAnalysis({ profileId, photos, appName }: { profileId: string; photos: ResultPhoto[]; appName: string }) {
  if (photos.length === 0) return <p className="text-muted-foreground">No photo analysis is available for this profile.</p>;
  const ordered = inRecommendedOrder(photos);
  return (
    <section aria-labelledby="photo-analysis-heading">
      <h3 id="photo-analysis-heading" className="text-lg font-semibold">
        Your photos, best first
      </h3>
      <p className="mt-1 text-muted-foreground">
        Upload them to {appName} in this order. The same analysis is in your results e-mail.
      </p>
      <ol className="mt-4 grid gap-4 md:grid-cols-2" data-testid="photo-list">
        {ordered.map(({ photo, uploadPosition }) => {
          const a = photo.analysis;
          const leaveOut = a !== null && !a.keep;
          return (
            <li
              key={photo.id}
              data-photo-id={photo.id}
              className={`flex gap-4 rounded-lg border p-3 ${leaveOut ? "border-dashed border-border" : "border-border"}`}
              aria-labelledby={`photo-${photo.id}`}
            >
              {photo.image ? (
                <img
                  src={`/api/photos/${encodeURIComponent(photo.id)}/thumbnail?profile=${encodeURIComponent(profileId)}`}
                  alt={`Your photo ${uploadPosition}`}
                  width={112}
                  height={112}
                  loading="lazy"
                  decoding="async"
                  className={`h-24 w-24 shrink-0 rounded-md bg-muted object-cover sm:h-28 sm:w-28 ${leaveOut ? "opacity-60" : ""}`}
                />
              ) : (
                <DeletedPhoto />
              )}
              <div className="min-w-0 flex-1">
                <h4 id={`photo-${photo.id}`} className="font-semibold">
                  {a ? (leaveOut ? `Photo ${uploadPosition}` : `${a.rank}. Photo ${uploadPosition}`) : `Photo ${uploadPosition}`}
                </h4>
                {a ? (
                  <>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                      <span data-testid="photo-score">
                        Score <strong>{a.score}</strong>/100
                      </span>
                      {leaveOut && (
                        <span className="rounded-full border border-danger px-2 py-0.5 text-xs font-medium text-danger" data-testid="leave-out">
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
                  <p className="mt-1 text-sm text-muted-foreground">Not part of this analysis.</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
