/**
 * A customer whose results were e-mailed, as the product leaves them, for the retention, export and erasure tests: a
 * paid profile with every text field filled, three photos with thumbnails in the photo store, a contact message from the same
 * address, optimised and released through the real job handlers (mail to the outbox folder), and helpers that look
 * for what is left of the customer in the database file, the uploads folder and the outbox.
 */
import { eq } from "drizzle-orm";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { queueResultsEmail } from "../delivery/results.ts";
import { newId } from "../db/ids.ts";
import { contactMessages, photos, profiles } from "../db/schema.ts";
import { jobHandlers } from "../background.ts";
import { createJobLoop } from "../jobs/loop.ts";
import { silentLogger } from "../log.ts";
import { CONTACT_MAIL, contactMailJob } from "../contact/job.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { PlanId } from "../shared/orders/plans.ts";
import { fulfil } from "../payments/fulfil.ts";
import { searchableText } from "../privacy/outbox.ts";
import type { TestContext } from "./context.ts";
import { insertOrder } from "./payment-fixtures.ts";
import { plainJpeg } from "./test-images.ts";

export interface ReleasedCustomer {
  profileId: string;
  orderId: string;
  /** As the customer typed it, capitals included. */
  email: string;
  /** Photo files and thumbnails: the store's keys (relative to the uploads folder on disk). */
  files: string[];
}

/** Runs every due job with the product's handlers until none is left. */
export async function runJobs(ctx: TestContext, now?: () => number): Promise<number> {
  return await createJobLoop({ db: ctx.store.db, log: silentLogger, handlers: jobHandlers(ctx), now }).runDue();
}

export async function releasedCustomer(ctx: TestContext, options: { plan?: PlanId; email?: string } = {}): Promise<ReleasedCustomer> {
  const db = ctx.store.db;
  const email = options.email ?? `Ada.Lovelace.${newId().slice(0, 8)}@Example.com`;
  const { orderId, profileId, amount } = insertOrder(db, { plan: options.plan ?? "premium" });
  const id = profileId!;
  const form = {
    email,
    dating_app: "hinge",
    job_title: "Nurse at St Thomas'",
    education: "King's College",
    prompt1: "My simple pleasures",
    response1: "Fresh sourdough on Sunday mornings",
    prompt2: "I'm looking for",
    response2: "Someone who laughs at my puns",
  };
  db.update(profiles)
    .set({
      email,
      bio: "Nurse by day, sourdough baker by night.",
      lookingFor: "Something serious",
      interests: "Baking, hiking",
      jobTitle: form.job_title,
      education: form.education,
      prompt1: form.prompt1,
      response1: form.response1,
      prompt2: form.prompt2,
      response2: form.response2,
      prompt3: "Dating me is like",
      response3: "A long walk with snacks",
      idealFirstDate: "A bakery crawl",
      height: "170",
      starSign: "Leo",
      anthem: "Dancing Queen",
      spotifyArtists: "ABBA",
      school: "St Mary's",
      industry: "Healthcare",
      vibes: "Calm",
      originalProfile: form,
    })
    .where(eq(profiles.id, id))
    .run();
  mkdirSync(ctx.config.uploadsDir, { recursive: true });
  const files: string[] = [];
  for (let order = 0; order < 3; order++) {
    const photoId = newId();
    const [file, thumb] = [`${photoId}.jpg`, `${photoId}.thumb.jpg`];
    // Through the configured store (the folder, or a bucket), as an upload puts them.
    const incoming = join(ctx.config.uploadsDir, ".incoming");
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, file), await plainJpeg(320, 240, ["#c04080", "#4080c0", "#80c040"][order]));
    writeFileSync(join(incoming, thumb), await plainJpeg(100, 75));
    await ctx.services.photos.put(file, join(incoming, file));
    await ctx.services.photos.put(thumb, join(incoming, thumb));
    db.insert(photos).values({ id: photoId, profileId: id, filePath: file, thumbPath: thumb, order, width: 320, height: 240, bytes: 1000 }).run();
    files.push(file, thumb);
  }
  // A question sent through the contact form, from the same address written differently.
  const message = db
    .insert(contactMessages)
    .values({ firstName: "Ada", lastName: "Lovelace", email: email.toUpperCase(), subject: "My photos", message: "Which photo should go first?" })
    .returning({ id: contactMessages.id })
    .get();
  enqueueJob(db, CONTACT_MAIL, contactMailJob(message.id));

  fulfil(db, { orderId, provider: "local", reference: newId(), amount, currency: "usd" });
  await runJobs(ctx);
  queueResultsEmail(db, id);
  await runJobs(ctx);
  return { profileId: id, orderId, email, files };
}

/** The outbox's messages that mention `word` anywhere, encodings undone: their file names. */
export function outboxMentioning(ctx: TestContext, word: string): string[] {
  if (!existsSync(ctx.config.outboxDir)) return [];
  return readdirSync(ctx.config.outboxDir).filter((name) => searchableText(readFileSync(join(ctx.config.outboxDir, name), "latin1")).includes(word.toLowerCase()));
}

/** The database file and its WAL, byte for byte (lower-cased Latin-1), as someone with a copy of the disk would read them. */
export function databaseBytes(ctx: TestContext): string {
  return ["", "-wal", "-shm", "-journal"]
    .map((suffix) => `${ctx.config.databasePath}${suffix}`)
    .filter((path) => existsSync(path) && statSync(path).isFile())
    .map((path) => readFileSync(path).toString("latin1"))
    .join("\n")
    .toLowerCase();
}

/** Every file under the uploads folder, with its path. */
export function uploadedFiles(ctx: TestContext): string[] {
  if (!existsSync(ctx.config.uploadsDir)) return [];
  return readdirSync(ctx.config.uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
