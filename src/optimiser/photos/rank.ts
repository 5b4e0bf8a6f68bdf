/**
 * Scores each measured photo, says why in words a customer understands, and orders them as dating coaches and the
 * apps' own guides advise: a sharp, well-lit, big enough photo of you alone, facing the camera, first (smiling if
 * possible), group photos never first, blurry, dark, faceless or repeated photos last or left out. Photos are named
 * by upload order ("Photo 2"), never by file name or id.
 */
import type { PhotoAnalysis } from "../../shared/optimiser/result.ts";
import type { FaceSummary } from "./faces.ts";
import { type Fingerprint, fingerprintDistance, NEAR_DUPLICATE_MAX_DISTANCE, toHex } from "./hash.ts";
import type { Quality } from "./measure.ts";

export interface MeasuredPhoto {
  id: string;
  /** 0-based upload order. */
  order: number;
  width: number;
  height: number;
  quality: Quality;
  fingerprint: Fingerprint;
  /** null when face detection failed on this photo: its faces are unknown. */
  faces: FaceSummary | null;
}

/** Sharpness (see measure.ts) under which edges look soft on a phone: a 512 px copy blurred by about 1.3 px. */
const BLURRY = 3;
/** Under this the face itself is smeared (about 2 px of blur at 512 px, 8 px on a 2,048 px photo): not worth showing. */
const VERY_BLURRY = 1;
/** Sharpness that counts as fully sharp; sharp portraits measure 8-40, re-encoded or enlarged copies at the low end. */
const SHARP = 8;
/** Mean luminance (0-255) under which a photo looks dim on a phone: about a quarter of full brightness. */
const DARK = 60;
/** Under this the photo is mostly shadow and a face is hard to make out at all. */
const VERY_DARK = 30;
/** Share of nearly black pixels that makes a photo dark whatever its mean: large areas with no detail. */
const DARK_SHADOWS = 0.4;
/** Mean luminance over which a photo looks washed out. */
const BRIGHT = 200;
/** Mean luminance at which nearly everything is white. */
const VERY_BRIGHT = 235;
/** Share of nearly white pixels that makes a photo overexposed: sky, skin or a wall with no detail left. */
const BLOWN_HIGHLIGHTS = 0.25;
/** Clipped share from which the percentage is worth quoting in a reason ("20% of it is nearly black"). */
const QUOTABLE_SHARE = 0.2;
/** Luminance standard deviation under which a photo looks flat and hazy; well-lit portraits measure 55-75. */
const FLAT = 25;
/** Standard deviation from which contrast costs nothing. */
const CONTRASTY = 45;
/** Main face's share of the frame under which the face is too small to see: a box under a tenth of the frame's side,
 * as in a full-length shot from across a room. */
const FACE_TOO_SMALL = 0.01;
/** Share from which the face counts as close enough: a box about a sixth of the frame's side (waist-up or closer). */
const FACE_CLOSE = 0.03;
/** "happy" score from which the person reads as smiling: where the emotion model starts to pick it as the top one. */
const SMILING = 0.5;
/**
 * Short side (px) a photo needs: our choice, as no app we cover publishes one. Phones show a profile photo across the
 * full width of the screen, about 1,080 physical pixels on common phones; under 640 it is enlarged more than 1.7
 * times and looks soft. Such a photo is never called strong, and loses a fifth or more of its score.
 */
export const MIN_SHORT_SIDE = 640;
/** Fewest photos kept when the customer sent at least this many: the apps want several photos on a profile. */
const MIN_KEPT = 3;

/**
 * What is in the photo, 0-1: the person alone, their face close enough, centred and smiling is what the first
 * photo needs; a group photo shows a social life but not who you are; a photo without a face shows little of you.
 */
const CONTENT = {
  solo: 0.6,
  closeFace: 0.1,
  // Facing the camera: a face in profile or looking down shows less of what you look like.
  frontal: 0.1,
  centred: 0.05,
  smile: 0.15,
  group: 0.6,
  // Faces unknown (detection failed): a little under a group photo, so it is never preferred to a known solo photo.
  unknown: 0.55,
  noFace: 0.25,
} as const;

/**
 * How well it is shot, as factors that multiply: a smeared or black photo is worth little whatever it shows, while
 * flat light only takes a little off. Each is the factor at the worst end; size's is at half MIN_SHORT_SIDE.
 */
const WORST = { sharpness: 0, light: 0.2, contrast: 0.8, size: 0.6 } as const;
/** Size factor just under MIN_SHORT_SIDE (1 from it on): a fifth off, so a small photo ranks under a big enough one
 * of similar quality. */
const UNDER_MIN_SIZE = 0.8;

interface Assessed extends MeasuredPhoto {
  score: number;
  blurry: boolean;
  veryBlurry: boolean;
  dark: boolean;
  veryDark: boolean;
  overexposed: boolean;
  flat: boolean;
  /** Short side under MIN_SHORT_SIDE. */
  small: boolean;
  /** One face, close enough, facing the camera, sharp, well lit and big enough: the only photos called strong. */
  strong: boolean;
  duplicateOf: Assessed | null;
  keep: boolean;
  /** Kept only so the profile has MIN_KEPT photos. */
  keptToFill: boolean;
}

/** Scores, orders and explains photos; the result is sorted by rank (1 = show first). */
export function rankPhotos(photos: MeasuredPhoto[]): PhotoAnalysis[] {
  const assessed = photos.map(assess);
  markDuplicates(assessed);
  for (const photo of assessed) photo.keep = !photo.duplicateOf && !isReallyBad(photo);
  if (assessed.length >= MIN_KEPT) keepAtLeast(assessed, MIN_KEPT);
  return order(assessed).map((photo, index) => toAnalysis(photo, index + 1));
}

function assess(photo: MeasuredPhoto): Assessed {
  const q = photo.quality;
  const faces = photo.faces;
  const blurry = q.sharpness < BLURRY;
  const dark = q.brightness < DARK || q.clippedShadows >= DARK_SHADOWS;
  const overexposed = q.brightness > BRIGHT || q.clippedHighlights >= BLOWN_HIGHLIGHTS;
  const small = Math.min(photo.width, photo.height) < MIN_SHORT_SIDE;
  return {
    ...photo,
    score: score(photo),
    blurry,
    veryBlurry: q.sharpness < VERY_BLURRY,
    dark,
    veryDark: q.brightness < VERY_DARK,
    overexposed,
    flat: q.contrast < FLAT && !dark && !overexposed,
    small,
    strong: faces?.count === 1 && faces.mainShare >= FACE_TOO_SMALL && faces.mainFrontal === true && !blurry && !dark && !overexposed && !small,
    duplicateOf: null,
    keep: true,
    keptToFill: false,
  };
}

/** 0-100: what the photo shows times how well it is shot. */
function score({ quality: q, faces, width, height }: MeasuredPhoto): number {
  // Square root: a slightly soft photo loses little, a smeared one nearly everything.
  const sharpness = Math.sqrt(ramp(q.sharpness, 0, SHARP));
  const brightness = q.brightness < DARK ? ramp(q.brightness, VERY_DARK, DARK) : 1 - ramp(q.brightness, BRIGHT, VERY_BRIGHT);
  const clipping =
    (1 - ramp(q.clippedShadows, DARK_SHADOWS / 2, DARK_SHADOWS * 1.5)) * (1 - ramp(q.clippedHighlights, BLOWN_HIGHLIGHTS / 2, BLOWN_HIGHLIGHTS * 1.5));
  const technical =
    between(WORST.sharpness, sharpness) *
    between(WORST.light, brightness * clipping) *
    between(WORST.contrast, ramp(q.contrast, FLAT, CONTRASTY)) *
    sizeFactor(Math.min(width, height));
  return Math.round(100 * content(faces) * technical);
}

function sizeFactor(shortSide: number): number {
  if (shortSide >= MIN_SHORT_SIDE) return 1;
  return UNDER_MIN_SIZE * between(WORST.size / UNDER_MIN_SIZE, ramp(shortSide, MIN_SHORT_SIDE / 2, MIN_SHORT_SIDE));
}

function content(faces: FaceSummary | null): number {
  if (!faces) return CONTENT.unknown;
  if (faces.count === 0) return CONTENT.noFace;
  if (faces.count > 1) return CONTENT.group;
  return (
    CONTENT.solo +
    CONTENT.closeFace * ramp(faces.mainShare, FACE_TOO_SMALL, FACE_CLOSE) +
    // A turn the mesh could not read counts half.
    CONTENT.frontal * (faces.mainFrontal === null ? 0.5 : Number(faces.mainFrontal)) +
    (faces.mainCentred ? CONTENT.centred : 0) +
    CONTENT.smile * (faces.smile ?? 0)
  );
}

/** Photos not worth showing at all: the face smeared, the frame mostly shadow, or nobody in it. */
function isReallyBad(photo: Assessed): boolean {
  return photo.veryBlurry || photo.veryDark || photo.faces?.count === 0;
}

/**
 * Groups copies of one picture (./hash.ts) and keeps the best of each group; the others point to it and are dropped.
 * A photo joins a group when it is near any photo already in it, so a crop of a mirrored copy still finds the original.
 */
function markDuplicates(photos: Assessed[]): void {
  const seen: Assessed[] = [];
  for (const photo of [...photos].sort(byPreference)) {
    const match = seen.find((other) => fingerprintDistance(other.fingerprint, photo.fingerprint) <= NEAR_DUPLICATE_MAX_DISTANCE);
    photo.duplicateOf = match ? (match.duplicateOf ?? match) : null;
    seen.push(photo);
  }
}

/** A photo in which no face was found (faces unknown count as a person: they may well show one). */
const withoutPerson = (photo: Assessed) => photo.faces?.count === 0;

/**
 * Brings dropped photos back until `count` are kept: photos with a person before any without one (issue 30, item 6:
 * a cup of coffee is never kept while a photo of them is left out), then different photos (a duplicate adds nothing),
 * best first; they are ranked after the photos kept on merit.
 */
function keepAtLeast(photos: Assessed[], count: number): void {
  const dropped = photos
    .filter((photo) => !photo.keep)
    .sort((a, b) => Number(withoutPerson(a)) - Number(withoutPerson(b)) || Number(!!a.duplicateOf) - Number(!!b.duplicateOf) || byPreference(a, b));
  const missing = count - (photos.length - dropped.length);
  for (const photo of dropped.slice(0, Math.max(0, missing))) {
    photo.keep = true;
    photo.keptToFill = true;
  }
}

/**
 * Kept photos by score, with the best photo of the person alone moved first (else the best that is not a group
 * photo); then the photos kept only to fill the profile; then the ones to leave out.
 */
function order(photos: Assessed[]): Assessed[] {
  const kept = photos.filter((photo) => photo.keep && !photo.keptToFill).sort(byPreference);
  const first = kept.findIndex((photo) => photo.faces?.count === 1);
  const lead = first >= 0 ? first : kept.findIndex((photo) => (photo.faces?.count ?? 0) < 2);
  if (lead > 0) kept.unshift(...kept.splice(lead, 1));
  // A photo without a person never ranks ahead of one with a person, whatever their scores.
  const personFirst = (a: Assessed, b: Assessed) => Number(withoutPerson(a)) - Number(withoutPerson(b)) || byPreference(a, b);
  return [
    ...kept,
    ...photos.filter((photo) => photo.keptToFill).sort(personFirst),
    ...photos.filter((photo) => !photo.keep).sort(personFirst),
  ];
}

function byPreference(a: Assessed, b: Assessed): number {
  return b.score - a.score || a.order - b.order;
}

function toAnalysis(photo: Assessed, rank: number): PhotoAnalysis {
  const q = photo.quality;
  const faces = photo.faces;
  return {
    photoId: photo.id,
    score: photo.score,
    rank,
    keep: photo.keep,
    // Unknown faces count as none here; the reasons say they could not be checked.
    faces: faces?.count ?? 0,
    reasons: reasons(photo, rank),
    metrics: {
      width: photo.width,
      height: photo.height,
      sharpness: round(q.sharpness, 2),
      brightness: round(q.brightness, 1),
      contrast: round(q.contrast, 1),
      clippedShadows: round(q.clippedShadows, 4),
      clippedHighlights: round(q.clippedHighlights, 4),
      ...(faces && { faceShare: round(faces.mainShare, 4), faceCentred: faces.mainCentred, smile: faces.smile === null ? null : round(faces.smile, 2) }),
      ...(faces?.mainTurn && { faceYaw: round(faces.mainTurn.yaw, 1), facePitch: round(faces.mainTurn.pitch, 1) }),
      ...(faces?.mainFrontal != null && { faceFrontal: faces.mainFrontal }),
      belowMinimumSize: photo.small,
      strong: photo.strong,
      hash: toHex(photo.fingerprint.frame),
      duplicateOf: photo.duplicateOf?.id ?? null,
    },
  };
}

function reasons(photo: Assessed, rank: number): string[] {
  const q = photo.quality;
  const faces = photo.faces;
  const lines: string[] = [];
  const wellShot = !photo.blurry && !photo.dark && !photo.overexposed;

  if (!faces) lines.push("We couldn't check this photo for faces, so it is ranked on sharpness and light only.");
  else if (faces.count === 0) lines.push("No face visible.");
  else if (faces.count > 1) {
    const advice = rank === 1 ? "It is first only because no other photo clearly shows you alone: add one to lead with." : "Never put it first.";
    lines.push(`Group photo: ${faces.count} people, so matches can't tell which one is you. ${advice}`);
  } else if (faces.mainShare < FACE_TOO_SMALL) {
    lines.push(`Your face is small in this photo (${percent(faces.mainShare)} of it): a closer shot shows matches what you look like.`);
  } else if (faces.mainFrontal === false) {
    lines.push("Your face is turned away from the camera: a photo where you face it shows matches what you look like.");
  } else if (wellShot) {
    const smiling = (faces.smile ?? 0) >= SMILING;
    const how = `${faces.mainCentred ? " and centered" : ""}${smiling ? ", and you're smiling" : ""}`;
    // "Clear" only when the mesh saw the face turned to the camera; "strong" only when it is also big enough.
    if (photo.strong) lines.push(`Your face is clear${how}: a strong ${rank === 1 ? "first " : ""}photo.`);
    else if (faces.mainFrontal) lines.push(`Your face is clear${how}.`);
    else lines.push(`You're alone in this photo${how}.`);
    if (!faces.mainCentred) lines.push("You're off to one side: a photo with you in the middle draws the eye first.");
    if (rank === 1 && !smiling) lines.push("Photos where you smile tend to do best first: try one here if you have it.");
  }

  if (photo.blurry) lines.push(faces && faces.count > 0 ? "This photo is blurry: we can't see your face clearly." : "This photo is blurry.");
  if (photo.dark) {
    const how = photo.veryDark ? "very dark" : "dark";
    if (q.clippedShadows >= QUOTABLE_SHARE) lines.push(`This photo is ${how}: ${percent(q.clippedShadows)} of it is nearly black.`);
    else lines.push(`This photo is ${how}: ${faces && faces.count > 0 ? "your face is" : "details are"} hard to make out.`);
  }
  if (photo.overexposed) {
    if (q.clippedHighlights >= QUOTABLE_SHARE) lines.push(`This photo is overexposed: ${percent(q.clippedHighlights)} of it is blown out to white.`);
    else lines.push("This photo is overexposed: colors and details look washed out.");
  }
  if (photo.flat) lines.push("This photo looks flat and hazy: brighter, more direct light would make you stand out.");
  if (photo.small) {
    lines.push(
      `This photo is small (${photo.width} × ${photo.height} pixels; we recommend at least ${MIN_SHORT_SIDE} on the short side), so it looks soft on a phone: upload the original if you have it.`,
    );
  }

  if (photo.duplicateOf) {
    const other = photo.duplicateOf.order + 1;
    const copy = `A copy of Photo ${other}, or nearly the same picture`;
    lines.push(photo.keep ? `${copy}: replace one of them with a different photo when you can.` : `${copy}: keep only one.`);
  } else if (photo.keptToFill) {
    lines.push(`Kept so your profile has at least ${MIN_KEPT} photos: replace it with a better one when you can.`);
  } else if (!photo.keep) {
    lines.push(faces?.count === 0 ? "Best left out: every photo should show you." : "Best left out of your profile.");
  }
  return lines;
}

/** `worst` when `share` is 0, 1 when it is 1, linear in between. */
function between(worst: number, share: number): number {
  return worst + (1 - worst) * share;
}

/** 0 at `from`, 1 at `to`, linear in between. */
function ramp(value: number, from: number, to: number): number {
  return Math.min(1, Math.max(0, (value - from) / (to - from)));
}

function percent(share: number): string {
  return `${Math.max(1, Math.round(share * 100))}%`;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
