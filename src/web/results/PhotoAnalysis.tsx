import type { ResultsAnswer } from "../../shared/api/results.ts";
import { PhotoScoreCard } from "../ui/PhotoScoreCard.tsx";

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
          const picture = photo.image ? (
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
          );
          return (
            <PhotoScoreCard
              key={photo.id}
              photoId={photo.id}
              headingId={`photo-${photo.id}`}
              heading={a && !leaveOut ? `${a.rank}. Photo ${uploadPosition}` : `Photo ${uploadPosition}`}
              picture={picture}
              analysis={a}
              unanalysed="Not part of this analysis."
              variant="customer"
            />
          );
        })}
      </ol>
    </section>
  );
}
