/**
 * Elite's photo plan: which kinds of shot the customer's set is missing, and why, from the photo analysis alone.
 * The measurements tell how many faces a photo has, how much of the frame the main face fills, whether it faces the
 * camera, whether it smiles, and whether the photo is sharp, well lit and big enough. They cannot tell where a photo
 * was taken or what the person is doing, so the plan never claims that: an activity shot is suggested as a question
 * about the customer's own interests ("if none of your photos shows you climbing…").
 */
import type { PhotoAnalysis, PhotoPlan } from "../../shared/optimiser/result.ts";
import { joinList } from "../text/compose.ts";
import type { Writer } from "../text/writer.ts";

/** "happy" score from which a face reads as smiling (the photo ranker's threshold). */
const SMILING = 0.5;
/** Main face's share of the frame under which the shot shows more than a face: waist-up or further (the ranker's FACE_CLOSE). */
const WIDER = 0.03;
/**
 * Share from which the face fills a large part of the frame: a box over a fifth of the frame's side, a head-and-
 * shoulders shot. A full-length shot measures under 0.02 (a head is about an eighth of a standing person's height).
 */
const CLOSE_UP = 0.05;
/** Fewer kept photos than this and the profile looks thin. */
const ENOUGH = 4;

type Missing = PhotoPlan["missing"][number];

export function photoPlan(w: Writer, photos: PhotoAnalysis[]): PhotoPlan {
  const topic = w.facts.topics[0] ?? w.facts.interests.find((i) => i.length <= 30);
  const activity: Missing | null = topic
    ? {
        kind: "activity",
        shot: `You, ${topic}`,
        why: `You mention ${topic}. We can't tell from a photo what you are doing in it, so if none of yours shows it, add one: it backs up your profile and gives a match an easy first message.`,
      }
    : null;

  if (photos.length === 0) {
    return {
      summary: "We had no photos to look at, so this is the set a profile needs from scratch.",
      missing: [CLEAR_SOLO_NONE, WIDER_SHOT, SOCIAL_SHOT, ...(activity ? [activity] : [])],
    };
  }

  const kept = photos.filter((p) => p.keep);
  const solo = kept.filter((p) => p.faces === 1);
  const missing: Missing[] = [];

  if (!kept.some((p) => p.metrics?.strong)) missing.push(clearSolo(solo));
  const smiles = solo.map((p) => p.metrics?.smile).filter((s): s is number => typeof s === "number");
  if (smiles.length > 0 && smiles.every((s) => s < SMILING)) {
    missing.push({
      kind: "smiling",
      shot: "A photo of you smiling",
      why: `None of your ${solo.length === 1 ? "solo photo reads" : "solo photos read"} as smiling to our face analysis. A natural smile makes you look approachable, and it is what people respond to first.`,
    });
  }
  // Said of every kept photo only when it is true of each (issue 30, item 6): each shows one face, measured, and close.
  // A photo where no face was found (a full-length shot from afar, a pet) or with other people makes no such claim.
  const share = (p: PhotoAnalysis) => (p.faces === 1 ? p.metrics?.faceShare : undefined);
  const allAtLeast = (min: number) => kept.length > 0 && kept.every((p) => (share(p) ?? 0) >= min);
  if (allAtLeast(CLOSE_UP)) {
    missing.push({ ...WIDER_SHOT, why: `In every photo we'd keep, your face fills a large part of the frame. ${WIDER_SHOT.why}` });
  } else if (allAtLeast(WIDER)) {
    missing.push({ ...WIDER_SHOT, why: `Every photo we'd keep shows you from the waist up or closer. ${WIDER_SHOT.why}` });
  }
  if (!kept.some((p) => p.faces >= 2)) {
    // A photo whose faces could not be checked may have other people in it: then only what we found is said.
    const unchecked = kept.some((p) => p.metrics?.faceShare === undefined);
    missing.push(unchecked ? { ...SOCIAL_SHOT, why: SOCIAL_SHOT.why.replace("None of the photos we'd keep has other people in it.", "We found no other people in the photos we'd keep.") } : SOCIAL_SHOT);
  }
  if (activity) missing.push(activity);
  if (kept.length < ENOUGH) {
    missing.push({
      kind: "more",
      shot: "More photos",
      why: `We'd keep ${kept.length} of your photos. With at least ${ENOUGH}, a match sees more than one side of you before deciding.`,
    });
  }
  return { summary: summary(photos, kept), missing };
}

const CLEAR_SOLO_NONE: Missing = {
  kind: "clear-solo",
  shot: "A clear photo of just you, facing the camera",
  why: "It should be your first photo: sharp, in good light, your face in full view, no sunglasses and nobody else in it.",
};

const WIDER_SHOT: Missing = {
  kind: "wider",
  shot: "A photo that shows more of you: waist up or full length",
  why: "Close-ups show your face; one wider shot shows how you look and carry yourself, which people want to know too.",
};

const SOCIAL_SHOT: Missing = {
  kind: "social",
  shot: "One photo with friends (never first)",
  why: "None of the photos we'd keep has other people in it. One relaxed photo with friends shows your social side; keep it after your solo photos, so nobody has to guess which one is you.",
};

/** Why no kept photo is a strong first photo, from what its measurements show. */
function clearSolo(solo: PhotoAnalysis[]): Missing {
  const best = [...solo].sort((a, b) => b.score - a.score)[0];
  const m = best?.metrics;
  const reasons: string[] = [];
  if (!best) reasons.push("none of the photos we'd keep shows just you");
  else {
    if (m?.faceFrontal === false) reasons.push("in your best solo photo your face is turned away from the camera");
    if (m?.belowMinimumSize) reasons.push("your best solo photo is too small to look sharp on a phone screen");
    if (m?.sharpness !== undefined && m.sharpness < 3) reasons.push("your best solo photo is soft");
    if (m?.brightness !== undefined && m.brightness < 60) reasons.push("your best solo photo is dark");
    if (m?.faceShare !== undefined && m.faceShare < 0.01) reasons.push("your face is very small in your best solo photo");
  }
  const why = reasons.length > 0 ? `${capital(joinList(reasons))}. ${CLEAR_SOLO_NONE.why}` : CLEAR_SOLO_NONE.why;
  return { ...CLEAR_SOLO_NONE, why };
}

function summary(photos: PhotoAnalysis[], kept: PhotoAnalysis[]): string {
  const solo = kept.filter((p) => p.faces === 1).length;
  const group = kept.filter((p) => p.faces >= 2).length;
  const none = kept.filter((p) => p.faces === 0).length;
  const parts = [`${solo} of just you`, ...(group > 0 ? [`${group} with other people`] : []), ...(none > 0 ? [`${none} without a face we could find`] : [])];
  return `We'd keep ${kept.length} of your ${photos.length} photos: ${joinList(parts)}.`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
