import { applyEdit } from "../../shared/optimiser/parts.ts";
import { specFields } from "../../shared/optimiser/render.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { ResultTabs } from "../results/ResultTabs.tsx";
import { partsEdit, type PartsForm } from "./parts-form.ts";
import type { AdminPhoto } from "./types.ts";

/**
 * The result as the customer will see it with the form's text, saved or not: the server's own edit (applyEdit) and
 * rendering (specFields) run here on the working result, and the results page's tabs draw it. An edit the server would
 * refuse shows its reason instead.
 */
export function PartsPreview({
  profileId,
  appName,
  working,
  form,
  photos,
  photosDeleted,
}: {
  profileId: string;
  appName: string;
  working: OptimisationResult;
  form: PartsForm;
  photos: AdminPhoto[];
  photosDeleted: boolean;
}) {
  const outcome = applyEdit(working, partsEdit(form), new Date());
  if (!outcome.ok) {
    return (
      <p role="alert" className="rounded-lg border border-danger p-4 text-sm" data-testid="review-preview-problem">
        The preview cannot show this text yet: {outcome.message}
      </p>
    );
  }
  const result = outcome.result;
  const fields = specFields(result);
  return (
    <div data-testid="review-preview">
      <ResultTabs
        profileId={profileId}
        appName={appName}
        optimizedProfile={fields.optimizedProfile}
        recommendations={fields.recommendations}
        optimization={result}
        photos={photos.map((p) => ({ id: p.id, order: p.order, image: !photosDeleted, analysis: result.photos.find((a) => a.photoId === p.id) ?? null }))}
      />
    </div>
  );
}
