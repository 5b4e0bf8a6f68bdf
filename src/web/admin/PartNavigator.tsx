import type { MouseEvent } from "react";
import type { EditableParts, PartKey } from "../../shared/optimiser/parts.ts";
import { VERSION_KEY_OF } from "../../shared/optimiser/result-values.ts";
import { focusField } from "./focus-field.ts";
import { fieldId, partLabel, type PartsForm } from "./parts-form.ts";

/**
 * The editor's parts as one line of links, kept in view at the top of the editor while it scrolls (issue 28, item 5):
 * a writer goes to a part in one click instead of scrolling a long form. Each link is named as its field, goes to it
 * with its text selected (a paste or typing replaces it; an arrow key keeps it), and says which parts are unsaved.
 */
export function PartNavigator({ form, parts, premium, unsaved }: { form: PartsForm; parts: EditableParts; premium: boolean; unsaved: readonly PartKey[] }) {
  const targets: { key: PartKey; id: string }[] = [
    ...(form.bio !== null ? [{ key: "bio" as const, id: fieldId.bio }] : []),
    ...form.prompts.map((p) => ({ key: p.key, id: fieldId.prompt(p.key) })),
    ...(premium ? [{ key: "starters" as const, id: form.starters.length > 0 ? fieldId.starter(0) : "review-add-starter" }] : []),
    ...(premium && form.guide ? [{ key: "guide" as const, id: fieldId.guideTitle }] : []),
    { key: "recommendations", id: fieldId.recommendations },
    // Elite's own parts, each one field.
    ...(form.versions ?? []).map((v) => ({ key: VERSION_KEY_OF[v.tone], id: fieldId.part(VERSION_KEY_OF[v.tone]) })),
    ...(form.promptsToAnswer !== null ? [{ key: "promptsToAnswer" as const, id: fieldId.part("promptsToAnswer") }] : []),
    ...(form.photoPlan !== null ? [{ key: "photoPlan" as const, id: fieldId.part("photoPlan") }] : []),
  ];

  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (focusField(id)) e.preventDefault();
  };

  return (
    <nav aria-label="Parts of the result" className="sticky top-0 z-10 -mx-1 mb-4 border-b border-border bg-background px-1 py-2" data-testid="review-part-nav">
      <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
        {targets.map(({ key, id }) => (
          <li key={key} className="min-w-0">
            <a
              href={`#${id}`}
              onClick={(e) => go(e, id)}
              className="block max-w-[16rem] truncate rounded-md px-2 py-1 text-primary underline-offset-4 hover:bg-muted hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {partLabel(key, parts)}
              {unsaved.includes(key) && <span className="text-muted-foreground"> (unsaved)</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
