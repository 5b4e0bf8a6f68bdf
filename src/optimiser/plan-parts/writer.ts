/**
 * The elite parts read the customer's text through the same Writer as the text analyser (./text/writer.ts): the
 * app's rules, the customer's facts, the revision request and their voice. Built here from the text analyser's own
 * exported readers, so an elite part knows exactly what the bio and the answers knew.
 */
import { appRules } from "../../shared/optimiser/apps.ts";
import type { OptimiserInput } from "../input.ts";
import { gatherFacts } from "../text/facts.ts";
import { readRevision } from "../text/revision.ts";
import type { Writer } from "../text/writer.ts";
import { profileLanguage } from "../text/language.ts";

export function writerFor(input: OptimiserInput): Writer {
  const revision = input.reason === "revision" ? readRevision(input.revisionNotes) : null;
  const facts = gatherFacts(input, revision?.stated, revision?.things);
  return { input, rules: appRules(input.app), facts, revision, tone: revision?.tone ?? "default", lowercase: writesInLowercase(input), language: profileLanguage(input.profile) };
}

/** All their text in lowercase ("i teach year 5…") is a style; our lines follow it (the text analyser's rule). */
function writesInLowercase(input: OptimiserInput): boolean {
  const own = [input.profile.bio, ...input.profile.prompts.map((p) => p.response)].filter(Boolean).join(" ");
  const letters = own.replace(/[^\p{L}]/gu, "");
  return letters.length >= 20 && letters === letters.toLowerCase() && letters !== letters.toUpperCase();
}
