import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { act } from "react";
import type { DeskState, PartBrief } from "../../shared/api/admin-profiles.ts";
import { partsOf, type EditableParts } from "../../shared/optimiser/parts.ts";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import { PartsEditor } from "./PartsEditor.tsx";
import { StillToWrite } from "./WriterDesk.tsx";
import { useSaveParts } from "./use-save-parts.ts";
import type { AdminProfileDetail } from "./types.ts";
import { usePartsForm } from "./use-parts-form.ts";
import { button as buttonIn, byLabel as byLabelIn, click, mount, type } from "../../testing/react-dom.tsx";

// happy-dom only for this file (it replaces fetch/Response while registered).
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/admin" }));
afterAll(() => GlobalRegistrator.unregister());
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const frame = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
const byLabel = (text: string) => byLabelIn(document, text);
const button = (name: string) => buttonIn(document, name);

const result = sampleResult(sampleInput("elite", "bumble", [{ prompt: "My simple pleasures", response: "Coffee and a walk." }]), {
  bioVersions: { versions: [{ tone: "warm", text: "Warm nurse who bakes.", why: "x" }], note: null },
  promptSuggestions: { suggestions: [{ prompt: "Two truths and a lie", reason: "Your baking." }], note: null },
  photoPlan: { summary: "Add a wider shot.", missing: [] },
});
const parts = partsOf(result);

const brief = (over: Partial<PartBrief> = {}): PartBrief => ({
  revisionNote: "Please mention my cat.",
  facts: ["Job: Nurse"],
  problems: [{ title: "Cliché", reason: "Everyone loves to laugh.", phrase: "I love to laugh" }],
  voice: "6 words in 2 sentences; even, no contractions; no emoji.",
  limit: 300,
  promise: "Elite: “Complete Bio Rewrite”.",
  draft: "The machine's bio.",
  original: "I love to laugh. Nurse and baker.",
  ...over,
});
const desk: DeskState = {
  toWrite: [
    { part: "bio", label: "the bio", why: "Elite sells a complete rewrite of the bio." },
    { part: "versionPlayful", label: "the playful version", why: "The optimizer made no playful one." },
    { part: "photoPlan", label: "the photo plan", why: "Elite sells a photo plan." },
  ],
  stands: [],
  brief: { bio: brief(), versionPlayful: brief({ draft: null }), photoPlan: brief({ original: null, draft: "Add a wider shot.", limit: null }), prompt1: brief() },
};

function Editor({ parts, onDetail }: { parts: EditableParts; onDetail: (d: AdminProfileDetail) => void }) {
  const state = usePartsForm(parts, "7");
  const saving = useSaveParts({ profileId: "p1", premium: true, state, showEditor: () => {}, onSaved: () => {}, onConflict: onDetail, onRefused: async () => {} });
  if (!state.form || !state.base) return null;
  return (
    <>
      <StillToWrite desk={desk} />
      <PartsEditor app="bumble" premium desk={{ state: desk, profileId: "p1", version: "7", onDetail }} state={{ ...state, form: state.form, base: state.base }} saving={saving} />
    </>
  );
}

describe("the writer's desk in the editor", () => {
  test("elite's parts are labelled fields: each version, the prompts to answer, the photo plan", async () => {
    const ui = await mount(<Editor parts={parts} onDetail={() => {}} />);
    expect(byLabel("Warm version").value).toBe("Warm nurse who bakes.");
    expect(byLabel("Playful version").value).toBe("");
    expect(byLabel("Direct version").value).toBe("");
    expect(byLabel("Prompts to answer").value).toBe("Two truths and a lie — Your baking.");
    expect(byLabel("Photo plan").value).toBe("Add a wider shot.");
    expect(byLabel("Playful version").id).toBe("review-part-versionPlayful");
    await ui.unmount();
  });

  test("the parts still to write, each a link to its field; the brief beside a part, the revision note first", async () => {
    const ui = await mount(<Editor parts={parts} onDetail={() => {}} />);
    const list = ui.container.querySelector('[data-testid="review-to-write"]')!;
    expect(list.querySelector("h3")!.textContent).toBe("Still to write: 3 parts");
    const links = [...list.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["The bio", "#review-part-bio"],
      ["The playful version", "#review-part-versionPlayful"],
      ["The photo plan", "#review-part-photoPlan"],
    ]);
    await click(list.querySelectorAll("a")[1]!);
    expect(document.activeElement?.id).toBe("review-part-versionPlayful");

    const bio = ui.container.querySelector<HTMLDetailsElement>('[data-testid="review-brief-bio"]')!;
    expect(bio.open).toBe(true);
    expect(bio.querySelector("summary")!.textContent).toBe("Writer's brief for the bio (still to write)");
    const text = bio.textContent!;
    expect(text.indexOf("Please mention my cat.")).toBeLessThan(text.indexOf("Facts to keep"));
    for (const said of ["Job: Nurse", "Cliché", "(“I love to laugh”): Everyone loves to laugh.", "no emoji", "300 characters in the app.", "Complete Bio Rewrite"]) expect(text).toContain(said);
    // A part not waiting keeps its brief closed.
    expect(ui.container.querySelector<HTMLDetailsElement>('[data-testid="review-brief-prompt1"]')!.open).toBe(false);
    await ui.unmount();
  });

  test("'Start from the draft' and '… the original' put that text in the field; none to start from is disabled", async () => {
    const ui = await mount(<Editor parts={parts} onDetail={() => {}} />);
    await click(button("Start from the original: the bio"));
    await frame();
    expect(byLabel("Bio").value).toBe("I love to laugh. Nurse and baker.");
    expect(document.activeElement?.id).toBe("review-part-bio");
    await click(button("Start from the draft: the bio"));
    expect(byLabel("Bio").value).toBe("The machine's bio.");
    expect(button("Start from the draft: the playful version").disabled).toBe(true);
    await click(button("Start from the original: the playful version"));
    expect(byLabel("Playful version").value).toBe("I love to laugh. Nurse and baker.");
    await ui.unmount();
  });

  test("'Keep as it is…' asks for the reason, refuses a short one, records it against the version and hands back the profile", async () => {
    const sent: { url: string; body: unknown }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ id: "p1", version: "8" }), { status: 200, headers: { "Content-Type": "application/json" } });
    }) as typeof fetch;
    try {
      const got: AdminProfileDetail[] = [];
      const ui = await mount(<Editor parts={parts} onDetail={(d) => got.push(d)} />);
      await click(button("Keep as it is…: the photo plan"));
      await frame();
      const reason = byLabel("Why it stands as it is");
      expect(document.activeElement).toBe(reason);
      await click(button("Record the reason"));
      expect(reason.getAttribute("aria-invalid")).toBe("true");
      expect(sent).toEqual([]);
      await type(reason, "Already strong: matches the photos.");
      await click(button("Record the reason"));
      expect(sent).toEqual([{ url: "/api/admin/profiles/p1/stands", body: { version: "7", part: "photoPlan", reason: "Already strong: matches the photos." } }]);
      expect(got.map((d) => d.version)).toEqual(["8"]);
      await ui.unmount();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
