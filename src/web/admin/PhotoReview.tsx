import { PhotoScoreCard } from "../ui/PhotoScoreCard.tsx";
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
            const picture = deletedAt ? (
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
            );
            return (
              <PhotoScoreCard
                key={photo.id}
                photoId={photo.id}
                headingId={`review-photo-${photo.id}`}
                heading={a ? `${a.rank}. ${name}` : name}
                picture={picture}
                analysis={a}
                unanalysed="Not analyzed yet."
                variant="review"
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}
