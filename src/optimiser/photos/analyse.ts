/**
 * The local photo analyser: measures each photo (sharpness, light, contrast, perceptual hashes, faces, their turn and smile),
 * then scores, explains and orders them (./rank.ts). Runs entirely in this process; nothing leaves the machine.
 */
import { consoleLogger, type Logger } from "../../log.ts";
import type { PhotoInput } from "../input.ts";
import type { PhotoAnalysis } from "../../shared/optimiser/result.ts";
import { type DetectedFace, detectFaces, type FaceSummary, loadFaceDetector, summariseFaces } from "./faces.ts";
import { fingerprint } from "./hash.ts";
import { decodePhoto, greyCopy, measureQuality, type Pixels } from "./measure.ts";
import { type MeasuredPhoto, rankPhotos } from "./rank.ts";

export interface FaceDetector {
  /** Throws if the detector cannot be made ready (its model files are missing or broken). */
  load(): Promise<void>;
  detect(image: Pixels): Promise<DetectedFace[]>;
}

export { closeFaceDetector } from "./faces.ts";

/** The in-process detector (@vladmandic/human); tests may pass another. */
export const humanFaceDetector: FaceDetector = { load: () => loadFaceDetector(), detect: detectFaces };

/** A stored photo that sharp cannot decode: uploads were decoded once already, so the file was lost or damaged. */
export class UnreadablePhotoError extends Error {
  constructor(
    readonly photoId: string,
    order: number,
    cause: unknown,
  ) {
    super(`Photo ${order + 1} (${photoId}) cannot be read as an image: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "UnreadablePhotoError";
  }
}

/**
 * Analyses a profile's photos and returns them in the recommended order (rank 1 first).
 *
 * Throws `UnreadablePhotoError` if a photo cannot be decoded, and the detector's error if its model cannot be
 * loaded: both are faults of the installation to fix, not of the customer's photos. If face detection fails on
 * one photo, that photo is still measured and ranked: its face count is reported as 0 and its reasons say the
 * faces could not be checked; the failure is logged.
 */
export async function analysePhotos(
  photos: PhotoInput[],
  { faceDetector = humanFaceDetector, logger = consoleLogger }: { faceDetector?: FaceDetector; logger?: Logger } = {},
): Promise<PhotoAnalysis[]> {
  if (photos.length === 0) return [];
  await faceDetector.load();
  const measured: MeasuredPhoto[] = [];
  // One at a time: each photo's decoded copy is garbage before the next is decoded, which keeps memory flat.
  for (const photo of [...photos].sort((a, b) => a.order - b.order)) measured.push(await measurePhoto(photo, faceDetector, logger));
  return rankPhotos(measured);
}

async function measurePhoto(photo: PhotoInput, faceDetector: FaceDetector, logger: Logger): Promise<MeasuredPhoto> {
  const decoded = await decodePhoto(photo.path).catch((err: unknown) => {
    throw new UnreadablePhotoError(photo.id, photo.order, err);
  });
  const grey = await greyCopy(decoded.rgb);
  const quality = measureQuality(grey);
  const prints = fingerprint(grey);
  let faces: FaceSummary | null = null;
  try {
    faces = summariseFaces(await faceDetector.detect(decoded.rgb), decoded.rgb.width, decoded.rgb.height);
  } catch (err) {
    logger.error(`photo analysis: face detection failed on photo ${photo.order + 1} (${photo.id}); ranked without faces`, err);
  }
  return { id: photo.id, order: photo.order, width: decoded.width, height: decoded.height, quality, fingerprint: prints, faces };
}
