/**
 * Face detection inside this process: @vladmandic/human on TensorFlow.js' WASM backend, with the weights shipped in
 * the package (nothing is fetched, nothing leaves the machine). BlazeFace proposes faces, FaceMesh confirms them
 * (alone, BlazeFace scored a cat 0.83 and a motorcycle 0.55; the mesh turns both down) and gives the head's turn,
 * and the emotion model's "happy" score is the smile. Age, gender, face descriptors, body, hands and the rest are
 * off: unreliable or not needed. Whether a face turned to the camera is partly covered is not known: with half of a
 * face hidden behind a block, the mesh still scored 1.0 and the detector 0.72-0.81, as unhidden faces in small photos.
 *
 * The model is loaded once per process, on first use. Detections run one at a time: the WASM backend is one
 * engine shared by every caller, and two optimisations may run at once.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Config, Human, Tensor } from "@vladmandic/human";
import type { Pixels } from "./measure.ts";

/** Minimum confidence of both BlazeFace and FaceMesh: real faces scored 0.74-1 in our photos, objects 0.2-0.55. */
const MIN_FACE_CONFIDENCE = 0.5;
/** Faces looked for per image: any photo with more is a crowd, and each face costs an emotion run. */
const MAX_FACES = 20;
/** A photo this much wider than tall is also searched in squares: BlazeFace pads the frame square and shrinks it to
 * 256 px, where the faces of a wide group shot get too small (one of four found in a 3.2:1 photo, all four with
 * tiles). Tall photos are not tiled: it found little more there, and phone photos are often 9:16. */
const TILE_ASPECT = 1.6;
/**
 * A photo that is not wide is searched in a grid of squares (half its short side) when the whole frame did not show
 * one close face: BlazeFace sees the frame at 256 px, where the faces of a group of fifteen are a few pixels wide
 * (issue 30, item 6: such a photo was scored as one face). One face filling at least this share of the frame is a
 * close-up: the grid would find nothing the frame did not.
 */
const GRID_UNLESS_SHARE = 0.08;
/** Short side under which a grid adds nothing: its squares would be under the detector's own 256 px. */
const GRID_MIN_SHORT_SIDE = 512;
/** Tiles advance by this share of their side, so any face up to a quarter of a tile fits whole in one of them. */
const TILE_STEP = 0.75;
/** Two boxes overlapping this much (intersection over the smaller) are one face found twice (frame and a tile). */
const SAME_FACE_OVERLAP = 0.5;
/** Horizontal distance of the main face's centre from the middle, as a share of the width, that still counts as
 * centred: the middle third of the frame, plus a little for how loosely people frame a selfie. */
const CENTRED_MAX_OFFSET = 0.2;
/** Vertical band (share of the height from the top) for a centred face: portraits put eyes in the upper third,
 * so high is fine, but a face touching the top edge or low in the frame reads as badly framed. */
const CENTRED_BAND: readonly [number, number] = [0.12, 0.7];
/**
 * Yaw or pitch (degrees) up to which a face counts as facing the camera. The mesh reads turns on the low side: the
 * cameraman in profile behind his camera measured a yaw of 33° (41° mirrored), a three-quarter glance 18°, and our
 * frontal portraits 0-2° (pitch 4-9°).
 */
const FRONTAL_MAX_TURN = 25;

/** The package's default entry wants tfjs-node, which is not installed; its WASM build is imported by path. */
const HUMAN_DIR = dirname(Bun.resolveSync("@vladmandic/human/package.json", import.meta.dir));
const MODELS_DIR = join(HUMAN_DIR, "models");
const WASM_DIR = join(dirname(Bun.resolveSync("@tensorflow/tfjs-backend-wasm/package.json", import.meta.dir)), "dist");
const REQUIRED_MODELS = ["blazeface", "facemesh", "emotion"];

export interface FaceBox {
  /** In pixels of the image searched. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: FaceBox;
  /** Confidence 0-1. */
  score: number;
  /** The emotion model's "happy" score, 0-1. */
  smile: number;
  /** How far the head is turned, from the face mesh; null when the mesh gave none. */
  turn: HeadTurn | null;
}

/** Degrees: yaw left (-) or right (+), pitch up or down; 0 and 0 face the camera. Roll (a tilted head) is left out:
 * a tilted face is still seen whole. */
export interface HeadTurn {
  yaw: number;
  pitch: number;
}

/** What the ranking needs to know about the faces in a photo. */
export interface FaceSummary {
  count: number;
  /** Area of the largest face's box over the image's area (0 when there is none). */
  mainShare: number;
  mainCentred: boolean;
  /** The largest face's "happy" score; null when there is no face. */
  smile: number | null;
  /** The largest face's turn; null when there is no face or the mesh gave none. */
  mainTurn: HeadTurn | null;
  /** The largest face looks toward the camera (see FRONTAL_MAX_TURN); null when its turn is unknown. */
  mainFrontal: boolean | null;
}

/** Sums up detected faces (largest first, boxes in pixels of an image `width` x `height`). */
export function summariseFaces(faces: DetectedFace[], width: number, height: number): FaceSummary {
  const main = faces[0];
  if (!main) return { count: 0, mainShare: 0, mainCentred: false, smile: null, mainTurn: null, mainFrontal: null };
  const centreX = (main.box.x + main.box.width / 2) / width;
  const centreY = (main.box.y + main.box.height / 2) / height;
  return {
    count: faces.length,
    mainShare: Math.min(1, area(main.box) / (width * height)),
    mainCentred: Math.abs(centreX - 0.5) <= CENTRED_MAX_OFFSET && centreY >= CENTRED_BAND[0] && centreY <= CENTRED_BAND[1],
    smile: main.smile,
    mainTurn: main.turn,
    mainFrontal: main.turn ? Math.abs(main.turn.yaw) <= FRONTAL_MAX_TURN && Math.abs(main.turn.pitch) <= FRONTAL_MAX_TURN : null,
  };
}

const config: Partial<Config> = {
  backend: "wasm",
  wasmPath: `${WASM_DIR}/`,
  debug: false,
  warmup: "none",
  cacheModels: false,
  // Every photo is a new image, never the next frame of a video: no result may be reused from the previous call.
  cacheSensitivity: 0,
  skipAllowed: false,
  async: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: MAX_FACES, minConfidence: MIN_FACE_CONFIDENCE, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: true, skipFrames: 0, skipTime: 0 },
    iris: { enabled: false },
    attention: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: true, minConfidence: 0, skipFrames: 0, skipTime: 0 },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
};

/** The part of TensorFlow.js used here (`human.tf` is typed `any`). */
interface Tf {
  tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: "int32"): Tensor;
  dispose(tensor: Tensor): void;
  io: {
    registerLoadRouter(router: (url: string | string[]) => { load(): Promise<unknown> } | null): void;
    getModelArtifactsForJSON(json: unknown, loadWeights: (manifest: WeightGroup[]) => Promise<[unknown[], ArrayBuffer]>): Promise<unknown>;
  };
}
interface WeightGroup {
  paths: string[];
  weights: unknown[];
}

let detector: Promise<Human> | null = null;
let fileRouterRegistered = false;
/** Model files read ahead of the library's load, by path; the file:// loader hands them over. */
const modelArtifacts = new Map<string, unknown>();
/** The tail of the queue of detections; each waits for the one before. */
let queue: Promise<unknown> = Promise.resolve();

/** Finds faces in an RGB image, largest first. Loads the model on first use (see `loadFaceDetector`). */
export async function detectFaces(image: Pixels): Promise<DetectedFace[]> {
  const human = await loadDetector(MODELS_DIR);
  const run = queue.then(() => detectInFrameAndTiles(human, image));
  queue = run.catch(() => undefined);
  return await run;
}

/**
 * Loads the model now instead of on the first photo; throws, naming the file, if the models cannot be loaded.
 * `modelsDir` is read only when no model is loaded yet.
 */
export async function loadFaceDetector(modelsDir = MODELS_DIR): Promise<void> {
  await loadDetector(modelsDir);
}

/** Frees the model (tests, shutdown); the next detection loads it again. */
export async function closeFaceDetector(): Promise<void> {
  const loading = detector;
  detector = null;
  if (!loading) return;
  const human = await loading.catch(() => null);
  await queue;
  if (!human) return;
  for (const model of Object.values(human.models.models)) model?.dispose();
  // Marks the library as uninitialised, so the next load drops the model handles it keeps at module level.
  human.reset();
}

function loadDetector(modelsDir: string): Promise<Human> {
  detector ??= createDetector(modelsDir).catch((err: unknown) => {
    detector = null;
    throw err;
  });
  return detector;
}

async function createDetector(modelsDir: string): Promise<Human> {
  const { Human: HumanClass } = (await import(join(HUMAN_DIR, "dist/human.node-wasm.js"))) as { Human: new (config: Partial<Config>) => Human };
  const human = new HumanClass({ ...config, modelBasePath: `${pathToFileURL(modelsDir).href}/` });
  const tf = human.tf as Tf;
  registerFileRouter(tf);
  // Read before the library loads: it only logs a model that failed to load, then fails later on, far from the cause.
  for (const name of REQUIRED_MODELS) {
    const path = join(modelsDir, `${name}.json`);
    try {
      modelArtifacts.set(path, await readModelArtifacts(tf, path));
    } catch (err) {
      modelArtifacts.clear();
      throw new Error(`Face detection could not load its model file ${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
  try {
    await human.load();
    const loaded = new Set(human.models.stats().modelStats.filter((model) => model.loaded).map((model) => model.name));
    const missing = REQUIRED_MODELS.filter((name) => !loaded.has(name));
    if (missing.length > 0) throw new Error(`${missing.join(", ")} did not load`);
  } catch (err) {
    // Otherwise the next load would reuse the half-loaded models the library keeps at module level.
    human.reset();
    throw new Error(`Face detection could not load its models from ${modelsDir}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  } finally {
    modelArtifacts.clear();
  }
  return human;
}

/** TensorFlow.js loads models over HTTP or from browser storage only; file:// URLs are served from what was read. */
function registerFileRouter(tf: Tf): void {
  if (fileRouterRegistered) return;
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== "string" || !url.startsWith("file://")) return null;
    const path = fileURLToPath(url);
    return {
      load: async () => {
        if (!modelArtifacts.has(path)) throw new Error(`${path} is not one of the face models`);
        return modelArtifacts.get(path);
      },
    };
  });
  fileRouterRegistered = true;
}

/** A model's JSON and its weight files, as TensorFlow.js' loaders hand them over. */
async function readModelArtifacts(tf: Tf, jsonPath: string): Promise<unknown> {
  const json: unknown = JSON.parse(await readFile(jsonPath, "utf8"));
  return await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const files = await Promise.all(manifest.flatMap((group) => group.paths.map((path) => readFile(join(dirname(jsonPath), path)))));
    const weights = new Uint8Array(files.reduce((total, file) => total + file.byteLength, 0));
    let offset = 0;
    for (const file of files) {
      weights.set(file, offset);
      offset += file.byteLength;
    }
    return [manifest.flatMap((group) => group.weights), weights.buffer];
  });
}

async function detectInFrameAndTiles(human: Human, image: Pixels): Promise<DetectedFace[]> {
  try {
    const found = await detectIn(human, image, { x: 0, y: 0, width: image.width, height: image.height });
    const wide = tilesOf(image);
    const tiles = wide.length > 0 ? wide : mayHideSmallFaces(found, image) ? gridOf(image) : [];
    for (const tile of tiles) found.push(...(await detectIn(human, image, tile)));
    return mergeSameFaces(found).sort((a, b) => area(b.box) - area(a.box));
  } finally {
    collectWhenGrown();
  }
}

/**
 * How much the process may grow between full collections. Bun does not hand the WASM backend's freed memory back on
 * its own: 44 photos without a collection took the process to 425 MB, and minor ones still let it creep; a full one
 * after every photo held it near 205 MB, at 15 ms or more each (a sixth of a small photo's analysis). With 32 MB,
 * `scripts/bench-optimise.ts --profiles 20` peaked at 396 MB (385 collecting after every photo, 475 with 64 MB).
 */
export const COLLECT_AFTER_GROWTH_BYTES = 32 * 1024 * 1024;

/**
 * A full collection (`collect`) when the process's resident size (`resident`) has grown by `growth` bytes since the
 * last one it made, the first call included.
 */
export function collectorOnGrowth(growth: number, resident: () => number, collect: () => void): () => void {
  let afterLast = -Infinity;
  return () => {
    if (resident() - afterLast < growth) return;
    collect();
    afterLast = resident();
  };
}

const collectWhenGrown = collectorOnGrowth(COLLECT_AFTER_GROWTH_BYTES, () => process.memoryUsage.rss(), () => Bun.gc(true));

async function detectIn(human: Human, image: Pixels, region: FaceBox): Promise<DetectedFace[]> {
  const tf = human.tf as Tf;
  const tensor = tf.tensor4d(crop(image, region), [1, region.height, region.width, 3], "int32");
  try {
    const result = await human.detect(tensor);
    if (result.error) throw new Error(`Face detection failed: ${result.error}`);
    return result.face.map((face) => ({
      box: { x: face.box[0] + region.x, y: face.box[1] + region.y, width: face.box[2], height: face.box[3] },
      score: face.score,
      smile: face.emotion?.find((e) => e.emotion === "happy")?.score ?? 0,
      turn: face.rotation ? { yaw: degrees(face.rotation.angle.yaw), pitch: degrees(face.rotation.angle.pitch) } : null,
    }));
  } finally {
    tf.dispose(tensor);
  }
}

/** Overlapping squares across a wide image; none for other shapes. */
function tilesOf({ width, height }: Pixels): FaceBox[] {
  if (width / height < TILE_ASPECT) return [];
  const count = Math.ceil((width - height) / (height * TILE_STEP)) + 1;
  const step = (width - height) / (count - 1);
  return Array.from({ length: count }, (_, i) => ({ x: Math.round(i * step), y: 0, width: height, height }));
}

/** Whether the whole frame may have missed faces too small for it: it found none, several, or one that is not close. */
function mayHideSmallFaces(found: DetectedFace[], { width, height }: Pixels): boolean {
  if (Math.min(width, height) < GRID_MIN_SHORT_SIDE) return false;
  return found.length !== 1 || area(found[0]!.box) / (width * height) < GRID_UNLESS_SHARE;
}

/** Overlapping squares of half the short side over the whole image, row by row. */
function gridOf({ width, height }: Pixels): FaceBox[] {
  const side = Math.round(Math.min(width, height) / 2);
  const starts = (length: number) => {
    const count = Math.ceil((length - side) / (side * TILE_STEP)) + 1;
    const step = (length - side) / (count - 1);
    return Array.from({ length: count }, (_, i) => Math.round(i * step));
  };
  return starts(height).flatMap((y) => starts(width).map((x) => ({ x, y, width: side, height: side })));
}

function crop({ data, width }: Pixels, region: FaceBox): Uint8Array {
  if (region.width === width) return data;
  const out = new Uint8Array(region.width * region.height * 3);
  for (let row = 0; row < region.height; row++) {
    const start = ((region.y + row) * width + region.x) * 3;
    out.set(data.subarray(start, start + region.width * 3), row * region.width * 3);
  }
  return out;
}

/** Keeps the more confident of two boxes that are the same face, seen in the whole frame and in a tile. */
function mergeSameFaces(faces: DetectedFace[]): DetectedFace[] {
  const kept: DetectedFace[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score)) {
    if (!kept.some((other) => overlap(face.box, other.box) >= SAME_FACE_OVERLAP)) kept.push(face);
  }
  return kept;
}

function overlap(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(area(a), area(b));
}

function degrees(radians: number): number {
  return (radians * 180) / Math.PI;
}

function area(box: FaceBox): number {
  return box.width * box.height;
}
