import { HEIGHT_OPTIONS, type DatingApp } from "../../shared/profiles/options.ts";
import type { AdminProfileDetail } from "./types.ts";

type TextField = keyof Pick<
  AdminProfileDetail,
  "bio" | "prompt1" | "prompt2" | "prompt3" | "ideal_first_date" | "job_title" | "education" | "height" | "star_sign" | "interests" | "industry" | "looking_for" | "vibes"
>;

type Item = { kind: "field"; field: TextField; label: string } | { kind: "prompt"; n: 1 | 2 | 3 };

const field = (name: TextField, label: string): Item => ({ kind: "field", field: name, label });
const prompts = (...ns: (1 | 2 | 3)[]): Item[] => ns.map((n) => ({ kind: "prompt", n }));

/**
 * What each app's forms ask (spec section 2: the upload sections, and the standalone Hinge and Bumble forms, which
 * add a third Bumble prompt, height, star sign, job title and education), in the order the forms ask it.
 */
const APP_FIELDS: Record<DatingApp, Item[]> = {
  hinge: [...prompts(1, 2, 3), field("ideal_first_date", "Ideal first date"), field("job_title", "Job title"), field("education", "Education")],
  bumble: [field("bio", "Bio"), ...prompts(1, 2, 3), field("height", "Height"), field("star_sign", "Star sign"), field("job_title", "Job title"), field("education", "Education")],
  tinder: [field("bio", "Bio"), field("interests", "Interests")],
  the_league: [field("bio", "Bio"), field("industry", "Industry"), field("education", "Education"), field("looking_for", "Looking for"), field("vibes", "Vibes / interests")],
};

const heightLabel = (value: string) => HEIGHT_OPTIONS.find((h) => h.value === value)?.label ?? value;

/** The profile as the customer sent it: only the fields their app has, and of those only the ones they filled in. */
export function OriginalProfile({ profile }: { profile: AdminProfileDetail }) {
  const items = APP_FIELDS[profile.dating_app as DatingApp] ?? APP_FIELDS.tinder;
  const rows: { key: string; label: string; value: string }[] = [];
  for (const item of items) {
    if (item.kind === "prompt") {
      const prompt = profile[`prompt${item.n}`];
      const response = profile[`response${item.n}`];
      if (prompt?.trim() || response?.trim()) rows.push({ key: `prompt${item.n}`, label: prompt?.trim() || `Prompt ${item.n}`, value: response ?? "" });
      continue;
    }
    const value = profile[item.field];
    if (value?.trim()) rows.push({ key: item.field, label: item.label, value: item.field === "height" ? heightLabel(value) : value });
  }
  return (
    <section aria-labelledby="review-original-heading" data-testid="review-original">
      <h3 id="review-original-heading" className="text-lg font-semibold">
        Original Profile
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted-foreground">The customer sent no text for this profile.</p>
      ) : (
        <dl className="mt-3 grid gap-3">
          {rows.map((r) => (
            <div key={r.key} className="rounded-lg bg-muted p-3">
              <dt className="text-sm font-medium text-muted-foreground">{r.label}</dt>
              <dd className="mt-1 whitespace-pre-line break-words">{r.value.trim() || "(no answer)"}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
