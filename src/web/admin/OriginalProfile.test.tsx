import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { OriginalProfile } from "./OriginalProfile.tsx";
import type { AdminProfileDetail } from "./types.ts";

/** A profile with every text field filled in, as if a customer had switched apps half-way through the form. */
function profile(app: string): AdminProfileDetail {
  return {
    dating_app: app,
    bio: "Nurse by day, baker by night.",
    prompt1: "My simple pleasures",
    response1: "Sourdough on Sundays",
    prompt2: null,
    response2: null,
    prompt3: null,
    response3: null,
    ideal_first_date: "A walk and a coffee.",
    job_title: "Nurse",
    education: "KCL",
    height: "5_9_to_6_0",
    star_sign: "leo",
    interests: "hiking, baking",
    industry: "Health",
    looking_for: "Something real",
    vibes: "outdoorsy",
  } as AdminProfileDetail;
}

const labels = (html: string) => [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt>/g)].map((m) => m[1]);

describe("OriginalProfile", () => {
  test("only the fields the customer's app has, in the form's order", () => {
    expect(labels(renderToStaticMarkup(<OriginalProfile profile={profile("hinge")} />))).toEqual(["My simple pleasures", "Ideal first date", "Job title", "Education"]);
    expect(labels(renderToStaticMarkup(<OriginalProfile profile={profile("tinder")} />))).toEqual(["Bio", "Interests"]);
    expect(labels(renderToStaticMarkup(<OriginalProfile profile={profile("the_league")} />))).toEqual(["Bio", "Industry", "Education", "Looking for", "Vibes / interests"]);
    expect(labels(renderToStaticMarkup(<OriginalProfile profile={profile("bumble")} />))).toEqual(["Bio", "My simple pleasures", "Height", "Star sign", "Job title", "Education"]);
  });

  test("the height reads as the form showed it; the customer's markup stays text", () => {
    const html = renderToStaticMarkup(<OriginalProfile profile={{ ...profile("bumble"), bio: "<img src=x onerror=alert(1)>" }} />);
    expect(html).toContain("5&#x27;9&quot;-6&#x27;0&quot;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
