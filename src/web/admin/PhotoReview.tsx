import type { AdminPhoto } from "./types.ts";

/** Analysed photos by recommended rank, then any without an analysis, in upload order. */
function inRecommendedOrder(photos: AdminPhoto[]): AdminPhoto[] {
  return [...photos].sort((a, b) => (a.analysis?.rank ?? Infinity) - (b.analysis?.rank ?? Infinity) || a.order - b.order);
}

/**
 * The customer's photos in the order the analysis recommends, each with its score, faces and reasons; once retention
 * deleted the files (`deletedAt`), each keeps its analysis with a note in place of the picture.
 */
export function PhotoReview({ photos, deletedAt }: { photos: AdminPhoto[]; deletedAt: string | null }) {
  return (
    <section aria-labelledby="review-photos-heading" data-testid="review-photos">
      <h3 id="review-photos-heading" className="text-lg font-semibold">
        Photo Analysis
      </h3>
      {photos.length === 0 ? (
        <p className="mt-2 text-muted-foreground">This profile has no photos.</p>
      ) : (
        <ol className="mt-3 grid gap-3 md:grid-cols-2">
          {inRecommendedOrder(photos).map((photo) => {
            const a = photo.analysis;
            const name = `Photo ${photo.order + 1}`;
            return (
              <li key={photo.id} data-photo-id={photo.id} aria-labelledby={`review-photo-${photo.id}`} className={`flex gap-3 rounded-lg border p-3 ${a && !a.keep ? "border-dashed border-border" : "border-border"}`}>
                {deletedAt ? (
                  <span className="flex h-24 w-24 shrink-0 items-center justify-center rounded-md border border-dashed border-border bg-muted p-2 text-center text-xs text-muted-foreground" data-testid="photo-deleted">
                    Photo deleted
                  </span>
                ) : (
                  <img
                    src={`/api/photos/${encodeURIComponent(photo.id)}/thumbnail`}
                    alt={`${name} as uploaded`}
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                    className="h-24 w-24 shrink-0 rounded-md bg-muted object-cover"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <h4 id={`review-photo-${photo.id}`} className="font-medium">
                    {a ? `${a.rank}. ${name}` : name}
                  </h4>
                  {a ? (
                    <>
                      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                        <span data-testid="photo-score">
                          Score <strong>{a.score}</strong>/100
                        </span>
                        <span>
                          {a.faces} {a.faces === 1 ? "face" : "faces"}
                        </span>
                        {!a.keep && <span className="rounded-full border border-danger px-2 py-0.5 text-xs font-medium text-danger">Leave out</span>}
                      </p>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                        {a.reasons.map((reason, i) => (
                          <li key={i}>{reason}</li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <p className="mt-1 text-sm text-muted-foreground">Not analyzed yet.</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
