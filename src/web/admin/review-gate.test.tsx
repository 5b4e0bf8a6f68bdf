import { GlobalRegistrator } from "@happy-dom/global-registrator";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { act, useState } from "react";
import type { OptimiserInput } from "../../optimiser/input.ts";
import { partsOf, type EditableParts, type PartKey } from "../../shared/optimiser/parts.ts";
import type { OptimisationResult } from "../../shared/optimiser/result.ts";
import { sampleInput, sampleResult } from "../../testing/optimisation.ts";
import { ConflictPanel } from "./ConflictPanel.tsx";
import { DraftChooser } from "./DraftChooser.tsx";
import { formOf } from "./parts-form.ts";
import { PartsEditor } from "./PartsEditor.tsx";
import { PartsPreview } from "./PartsPreview.tsx";
import { useUnsavedGuard } from "./UnsavedGuard.tsx";
import { usePartsForm } from "./use-parts-form.ts";
import { useSaveParts } from "./use-save-parts.ts";
import { WriterBar } from "./WriterBar.tsx";
import { button, byLabel, click, mount, type } from "../../testing/react-dom.tsx";

// happy-dom only for this file (it replaces fetch/Response while registered).
beforeAll(() => GlobalRegistrator.register({ url: "http://localhost:3000/admin" }));
afterAll(() => GlobalRegistrator.unregister());
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const input = (plan: OptimiserInput["plan"]): OptimiserInput => sampleInput(plan);

/** The editor and the guard as the review dialog wires them, on parts that a test can replace (a reload). */
function Editor({ parts, version, premium }: { parts: EditableParts; version: string; premium: boolean }) {
  const state = usePartsForm(parts, version);
  const { ask, dialog } = useUnsavedGuard(state.dirty, state.discard);
  const saving = useSaveParts({ profileId: "p1", premium, state, showEditor: () => {}, onSaved: () => {}, onConflict: () => {}, onRefused: async () => {} });
  const [asked, setAsked] = useState<string>("");
  if (!state.form || !state.base) return null;
  return (
    <>
      <PartsEditor app="bumble" premium={premium} state={{ ...state, form: state.form, base: state.base }} saving={saving} />
      <WriterBar parts={state} saving={saving} />
      <button type="button" onClick={async () => setAsked(String(await ask("close the dialog")))}>
        Close
      </button>
      <output data-testid="asked">{asked}</output>
      {dialog}
    </>
  );
}

describe("the parts editor", () => {
  const result = sampleResult(input("premium"));
  const parts = partsOf(result);

  test("each part has its own labelled field; the bio and the answer count against the app's limit, in the editor's words", async () => {
    const ui = await mount(<Editor parts={parts} version="v1" premium />);
    const bio = byLabel(ui.container, "Bio");
    expect(bio.value).toBe(result.bio!.optimised);
    expect(byLabel(ui.container, "Answer to “My perfect day”").value).toBe(result.prompts[0]!.optimised);
    expect(byLabel(ui.container, "Starter 1").value).toBe(result.conversationStarters[0]!);
    expect(byLabel(ui.container, "Guide title").value).toBe(result.strategyGuide!.title);
    expect(byLabel(ui.container, "Section 1 heading").value).toBe("Timing");
    expect(byLabel(ui.container, "Recommendations").value).toBe(parts.recommendations);
    // Nothing typed: nothing to save.
    expect(button(ui.container, "Save Changes").disabled).toBe(true);

    await type(bio, "b".repeat(326));
    const count = document.getElementById(`${bio.id}-count`)!;
    expect(count.dataset.level).toBe("over");
    expect(count.textContent).toContain("Bumble allows 300 characters; 26 over: shorten it, or the customer cannot paste it whole.");
    expect(bio.getAttribute("aria-describedby")).toContain(count.parentElement!.id);
    expect(button(ui.container, "Save Changes").disabled).toBe(false);
    expect(ui.container.querySelector('[data-testid="review-save-state"]')!.textContent).toStartWith("Unsaved changes");
    await ui.unmount();
  });

  test("starters are added and removed one field each, up to five; the focus goes to the new field", async () => {
    const ui = await mount(<Editor parts={parts} version="v1" premium />);
    const starters = () => [...ui.container.querySelectorAll<HTMLTextAreaElement>('[data-testid="review-starters"] textarea')].map((t) => t.value);
    expect(starters()).toEqual(result.conversationStarters);
    await click(button(ui.container, "Add a starter"));
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement?.id).toBe("review-part-starter-4");
    await type(byLabel(ui.container, "Starter 4"), "Which market is your favorite?");
    await click(button(ui.container, "Add a starter"));
    expect(button(ui.container, "Add a starter").disabled).toBe(true);
    await click(button(ui.container, "Remove starter 1"));
    expect(starters()).toEqual([...result.conversationStarters.slice(1), "Which market is your favorite?", ""]);
    await ui.unmount();
  });

  test("a new version arriving while text is unsaved keeps the text (a save sends only it, on the version it was based on); discarding shows the stored text", async () => {
    const ui = await mount(<Editor parts={parts} version="v1" premium />);
    await type(byLabel(ui.container, "Bio"), "My own careful edit.");
    const newer: EditableParts = { ...parts, bio: { ...parts.bio!, text: "Someone else's bio." } };
    await ui.rerender(<Editor parts={newer} version="v2" premium />);
    expect(byLabel(ui.container, "Bio").value).toBe("My own careful edit.");
    expect(ui.container.querySelector('[data-testid^="review-conflict-"]')).toBeNull();
    await click(button(ui.container, "Discard Changes"));
    expect(byLabel(ui.container, "Bio").value).toBe("Someone else's bio.");
    expect(button(ui.container, "Save Changes").disabled).toBe(true);

    // With nothing unsaved, a new version simply shows.
    await ui.rerender(<Editor parts={parts} version="v3" premium />);
    expect(byLabel(ui.container, "Bio").value).toBe(parts.bio!.text);
    await ui.unmount();
  });

  test("leaving with unsaved text asks first: Escape or Keep editing stays with the text, Discard changes goes on without it", async () => {
    const ui = await mount(<Editor parts={parts} version="v1" premium />);
    const asked = () => ui.container.querySelector('[data-testid="asked"]')!.textContent;
    const question = () => document.querySelector('[role="alertdialog"]');

    // Nothing unsaved: no question.
    await click(button(ui.container, "Close"));
    expect(asked()).toBe("true");
    expect(question()).toBeNull();

    await type(byLabel(ui.container, "Bio"), "An edit worth keeping.");
    await click(button(ui.container, "Close"));
    expect(question()!.getAttribute("aria-labelledby")).toBe("unsaved-title");
    expect(question()!.textContent).toContain("To close the dialog now, they must be discarded.");
    expect(document.activeElement?.textContent).toBe("Keep editing");
    await act(async () => {
      question()!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(question()).toBeNull();
    expect(asked()).toBe("false");
    expect(byLabel(ui.container, "Bio").value).toBe("An edit worth keeping.");

    // Escape pressed where the focus still was (before the question's button took it) answers the question too: it
    // reaches nothing under it, so nothing closes and no second question is asked.
    const escapes: string[] = [];
    const under = (e: Event) => escapes.push((e as KeyboardEvent).key);
    document.addEventListener("keydown", under);
    await click(button(ui.container, "Close"));
    await act(async () => {
      byLabel(ui.container, "Bio").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    document.removeEventListener("keydown", under);
    expect(question()).toBeNull();
    expect(asked()).toBe("false");
    expect(escapes).toEqual([]);

    await click(button(ui.container, "Close"));
    await click(button(document, "Keep editing"));
    expect(asked()).toBe("false");
    await click(button(ui.container, "Close"));
    await click(button(document, "Discard changes"));
    expect(asked()).toBe("true");
    expect(byLabel(ui.container, "Bio").value).toBe(parts.bio!.text);
    await ui.unmount();
  });
});

describe("the form after a save", () => {
  const parts = partsOf(sampleResult(input("premium")));
  let hook: ReturnType<typeof usePartsForm> | undefined;
  function Probe({ p, v }: { p: EditableParts; v: string }) {
    hook = usePartsForm(p, v);
    return null;
  }

  test("shows what the server stored, trimmed; text typed while the save was under way stays, unsaved", async () => {
    const ui = await mount(<Probe p={parts} v="v1" />);
    await act(async () => hook!.setForm((f) => ({ ...f, bio: "  Saved bio.  " })));
    const sent = hook!.form!;
    const stored: EditableParts = { ...parts, bio: { ...parts.bio!, text: "Saved bio." } };
    await act(async () => hook!.saved(stored, "v2", sent));
    expect(hook!.form!.bio).toBe("Saved bio.");
    expect(hook!.dirty).toBe(false);

    await act(async () => hook!.setForm((f) => ({ ...f, bio: "Sent text." })));
    const sentAgain = hook!.form!;
    await act(async () => hook!.setForm((f) => ({ ...f, bio: "Sent text. And more typed meanwhile." })));
    await act(async () => hook!.saved({ ...parts, bio: { ...parts.bio!, text: "Sent text." } }, "v3", sentAgain));
    expect(hook!.form!.bio).toBe("Sent text. And more typed meanwhile.");
    expect(hook!.dirty).toBe(true);
    expect(hook!.conflicts).toEqual([]);
    expect(hook!.base!.version).toBe("v3");
    await ui.unmount();
  });

  test("a save that met another: the parts nobody else changed show the stored text; the conflicted part keeps mine, stays out of saves until chosen", async () => {
    const ui = await mount(<Probe p={parts} v="1" />);
    await act(async () => hook!.setForm((f) => ({ ...f, bio: "My bio.", prompts: f.prompts.map((p, i) => (i === 0 ? { ...p, text: "My answer." } : p)) })));
    expect(hook!.toSave).toEqual(["bio", "prompt1"]);
    // Stored now (version 3): my answer saved, their bio and their starters.
    const stored: EditableParts = {
      ...parts,
      bio: { ...parts.bio!, text: "Their bio." },
      prompts: parts.prompts.map((p, i) => (i === 0 ? { ...p, text: "My answer." } : p)),
      starters: ["Their starter?"],
    };
    await act(async () => hook!.conflict(stored, "3", [{ part: "bio", by: "sam", at: "2026-11-27T11:00:00.000Z", version: "3" }]));
    expect(hook!.form!.bio).toBe("My bio.");
    expect(hook!.form!.prompts[0]!.text).toBe("My answer.");
    expect(hook!.form!.starters).toEqual(["Their starter?"]);
    expect(hook!.conflicts.map((c) => [c.part, c.by])).toEqual([["bio", "sam"]]);
    // The bio waits for a choice; nothing else is changed from what is stored.
    expect(hook!.toSave).toEqual([]);
    expect(hook!.dirty).toBe(true);
    expect(hook!.bases).toEqual({ bio: "1" });

    // Keep my text: the bio is sent next, based on the version that holds theirs.
    await act(async () => hook!.keepMine("bio"));
    expect(hook!.toSave).toEqual(["bio"]);
    expect(hook!.bases).toEqual({ bio: "3" });
    expect(hook!.conflicts).toEqual([]);
    await ui.unmount();
  });

  test("use their text: the part takes the stored text and nothing of this tab's is sent for it", async () => {
    const ui = await mount(<Probe p={parts} v="1" />);
    await act(async () => hook!.setForm((f) => ({ ...f, bio: "My bio." })));
    const stored: EditableParts = { ...parts, bio: { ...parts.bio!, text: "Their bio." } };
    await act(async () => hook!.conflict(stored, "2", [{ part: "bio", by: "sam", at: "2026-11-27T11:00:00.000Z", version: "2" }]));
    await act(async () => hook!.useTheirs("bio"));
    expect(hook!.form!.bio).toBe("Their bio.");
    expect(hook!.toSave).toEqual([]);
    expect(hook!.bases).toEqual({});
    expect(hook!.dirty).toBe(false);
    await ui.unmount();
  });
});

describe("a part another administrator saved too", () => {
  const parts = partsOf(sampleResult(input("premium")));
  const theirs: EditableParts = { ...parts, bio: { ...parts.bio!, text: "Their bio, saved first." } };

  test("both texts side by side, who saved theirs and when, the words that differ, and the two choices", async () => {
    const chosen: string[] = [];
    const form = { ...formOf(parts), bio: "My bio, not saved." };
    const conflict = { part: "bio" as const, by: "sam", at: "2026-11-27T11:00:00.000Z", version: "3", theirs };
    const ui = await mount(<ConflictPanel conflict={conflict} form={form} onKeep={() => chosen.push("keep")} onTakeTheirs={() => chosen.push("theirs")} />);
    const panel = ui.container.querySelector('[data-testid="review-conflict-bio"]')!;
    expect(panel.querySelector("h4")!.textContent).toBe("Bio: changed by someone else too");
    expect(panel.querySelector('[data-testid="conflict-by"]')!.textContent).toStartWith("sam saved another text at");
    expect(panel.querySelector("time")!.getAttribute("datetime")).toBe(conflict.at);
    expect(panel.querySelector('[data-testid="conflict-theirs"]')!.textContent).toBe("Their bio, saved first.");
    expect(panel.querySelector('[data-testid="conflict-mine"]')!.textContent).toBe("My bio, not saved.");
    const diff = panel.querySelector('[data-testid="conflict-diff"]')!;
    expect([...diff.querySelectorAll("del")].map((d) => d.textContent).join(" ")).toContain("Their");
    expect([...diff.querySelectorAll("ins")].map((d) => d.textContent).join(" ")).toContain("My");
    await click(button(panel, "Keep my text (save it next)"));
    await click(button(panel, "Use their text"));
    expect(chosen).toEqual(["keep", "theirs"]);
    await ui.unmount();
  });
});

describe("the preview", () => {
  const result = sampleResult(input("premium"));
  const form = (edit: Partial<ReturnType<typeof partsOf>> = {}) => {
    const p = { ...partsOf(result), ...edit };
    return { ...formOf(p), bio: p.bio?.text ?? null };
  };
  const preview = (working: OptimisationResult, f: ReturnType<typeof form>) => mount(<PartsPreview profileId="p1" appName="Bumble" working={working} form={f} photos={[]} photosDeleted={false} />);

  test("shows the unsaved text as the customer will: the profile, Before and After, the starters and the recommendations, as text", async () => {
    const bio = "Nurse who bakes <b>sourdough</b> & hikes.";
    const f = { ...form(), bio, starters: ["What's your go-to bakery?"], recommendations: "Lead with your hiking photo." };
    const ui = await preview(result, f);
    const profile = ui.container.querySelector('[data-testid="optimized-profile"]')!;
    expect(profile.textContent).toContain(bio);
    expect(profile.querySelector("b")).toBeNull();
    expect(ui.container.querySelector('[data-testid="compare-bio"] [data-testid="after"]')!.textContent).toBe(bio);
    expect(ui.container.querySelector('[data-testid="compare-bio"] [data-testid="before"]')!.textContent).toBe(result.bio!.original!);
    // The machine's notes described its own draft: gone under an edited bio.
    expect(ui.container.querySelector('[data-testid="compare-bio"] ul')).toBeNull();
    expect(ui.container.querySelector('[data-testid="conversation-starters"]')!.textContent).toContain("What's your go-to bakery?");
    expect(ui.container.querySelector('[data-testid="recommendations"]')!.textContent).toContain("Lead with your hiking photo.");
    expect(ui.container.querySelector('[data-testid="recommendations"]')!.textContent).not.toContain(result.analysis.summary);
    await ui.unmount();
  });

  test("text the server would refuse shows why instead", async () => {
    const ui = await preview(result, { ...form(), bio: "  " });
    expect(ui.container.querySelector('[data-testid="review-preview-problem"]')!.textContent).toContain("The bio cannot be empty.");
    await ui.unmount();
  });
});

describe("the draft chooser", () => {
  const current = partsOf(sampleResult(input("premium")));
  const draft: EditableParts = { ...current, bio: { ...current.bio!, text: "Nurse, baker and canal sketcher." }, starters: ["New opener?"] };
  const changes: PartKey[] = ["bio", "starters"];

  test("each changed part side by side, what changed marked with ins and del and words, Keep current chosen until a click", async () => {
    const applied: PartKey[][] = [];
    const ui = await mount(<DraftChooser current={current} draft={draft} changes={changes} onApply={async (take) => (applied.push(take), true)} />);
    const bio = ui.container.querySelector('[data-testid="draft-bio"]')!;
    expect(bio.querySelector("legend")!.textContent).toBe("Bio");
    expect(bio.querySelector('[data-testid="draft-current"]')!.textContent).toBe(current.bio!.text);
    expect(bio.querySelector('[data-testid="draft-new"]')!.textContent).toBe("Nurse, baker and canal sketcher.");
    const diff = bio.querySelector('[data-testid="draft-diff"]')!;
    expect(diff.querySelector("ins")!.textContent).toStartWith("[added: ");
    expect(diff.querySelector("del")!.textContent).toStartWith("[removed: ");
    const radios = [...bio.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => [r.parentElement!.textContent, r.checked])).toEqual([
      ["Keep current", true],
      ["Use new", false],
    ]);

    await click(radios[1]!);
    await click(button(ui.container, "Apply choices"));
    expect(applied).toEqual([["bio"]]);
    await ui.unmount();
  });

  test("applying with every part kept discards the draft (take nothing)", async () => {
    const applied: PartKey[][] = [];
    const ui = await mount(<DraftChooser current={current} draft={draft} changes={changes} onApply={async (take) => (applied.push(take), true)} />);
    expect(ui.container.querySelector('[data-testid="draft-summary"]')!.textContent).toBe("Keeps every current part and discards the new draft.");
    await click(button(ui.container, "Apply choices"));
    expect(applied).toEqual([[]]);
    await ui.unmount();
  });
});
