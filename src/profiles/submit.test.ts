import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { orders, photos, profiles } from "../db/schema.ts";
import type { UploadedFile } from "../photos/multipart.ts";
import { testContext, tempDir } from "../testing/context.ts";
import { asyncRefusal } from "../testing/refusal.ts";
import { insertOrder, orderState } from "../testing/payment-fixtures.ts";
import { plainJpeg } from "../testing/test-images.ts";
import { submissionSchema } from "../shared/profiles/submission.ts";
import { submitProfile } from "./submit.ts";

const ctx = testContext();
const db = ctx.store.db;
const deps = { db, uploadsDir: ctx.config.uploadsDir, photos: ctx.services.photos };
// The uploads as the multipart reader leaves them: files on disk, outside the uploads folder.
const incoming = tempDir("submit-incoming-");
afterAll(() => {
  ctx.cleanup();
  rmSync(incoming, { recursive: true, force: true });
});

let n = 0;
async function upload(bytes?: Uint8Array): Promise<UploadedFile> {
  const path = join(incoming, `upload-${++n}`);
  writeFileSync(path, bytes ?? (await plainJpeg(320, 240)));
  return { field: "photos", filename: `photo-${n}.jpg`, path, size: statSync(path).size };
}
const threePhotos = async () => [await upload(), await upload(), await upload()];

const submission = (orderId?: string) => submissionSchema.parse({ email: "sam@example.com", dating_app: "tinder", bio: "Bread, climbing and bad puns.", orderId });

/** Every file under the uploads folder: a refused submission leaves none behind, temporary or final. */
function storedFiles(): string[] {
  const root = ctx.config.uploadsDir;
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).filter((p) => statSync(join(root, p)).isFile());
}
const rows = () => ({ profiles: db.select().from(profiles).all().length, photos: db.select().from(photos).all().length });


describe("submitProfile", () => {
  test("a profile for a paid order is stored with its photos, linked, and queued for optimisation", async () => {
    const { orderId } = insertOrder(db, { withProfile: false });
    db.update(orders).set({ status: "paid" }).where(eq(orders.id, orderId)).run();
    const saved = await submitProfile(deps, submission(orderId), await threePhotos(), "client");
    expect(saved.profile).toMatchObject({ email: "sam@example.com", status: "pending" });
    expect(saved.photos.map((p) => p.order)).toEqual([0, 1, 2]);
    expect(saved.order).toMatchObject({ id: orderId, status: "paid" });
    expect(orderState(db, orderId)).toMatchObject({ order: { profileId: saved.profile.id }, profileStatus: "pending", jobs: 1 });
    expect(storedFiles()).toHaveLength(6);
  });

  test("without an order the profile waits for payment", async () => {
    const saved = await submitProfile(deps, submission(), await threePhotos(), "client");
    expect(saved.profile.status).toBe("created");
    expect(saved.order).toBeNull();
  });

  test("an order that already has a profile is a conflict: no row and no file is kept", async () => {
    const { orderId } = insertOrder(db);
    const before = { rows: rows(), files: storedFiles().length };
    const err = await asyncRefusal(async () => submitProfile(deps, submission(orderId), await threePhotos(), "client"));
    expect([err.kind, err.message]).toEqual(["conflict", "This order already has a profile. Contact support if you need to change it."]);
    expect({ rows: rows(), files: storedFiles().length }).toEqual(before);
  });

  test("two submissions racing for one paid order: one is linked and queued, the other keeps nothing", async () => {
    const { orderId } = insertOrder(db, { withProfile: false });
    db.update(orders).set({ status: "paid" }).where(eq(orders.id, orderId)).run();
    const before = { rows: rows(), files: storedFiles().length };
    const [a, b] = [await threePhotos(), await threePhotos()];
    const outcomes = await Promise.allSettled([submitProfile(deps, submission(orderId), a, "one"), submitProfile(deps, submission(orderId), b, "two")]);
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ kind: "conflict", message: "This order already has a profile. Contact support if you need to change it." });
    expect({ rows: rows(), files: storedFiles().length }).toEqual({ rows: { profiles: before.rows.profiles + 1, photos: before.rows.photos + 3 }, files: before.files + 6 });
    expect(orderState(db, orderId)).toMatchObject({ profileStatus: "pending", jobs: 1 });
  });

  test("an unknown order is not_found before any photo is processed", async () => {
    const before = { rows: rows(), files: storedFiles().length };
    const err = await asyncRefusal(async () => submitProfile(deps, submission("no-such-order"), await threePhotos(), "client"));
    expect(err.kind).toBe("not_found");
    expect({ rows: rows(), files: storedFiles().length }).toEqual(before);
  });

  test("a damaged photo after good ones is invalid: the good ones' files go too, and the order stays free", async () => {
    const { orderId } = insertOrder(db, { withProfile: false });
    const before = { rows: rows(), files: storedFiles().length };
    const files = [await upload(), await upload(), await upload(new TextEncoder().encode("not an image at all"))];
    const err = await asyncRefusal(() => submitProfile(deps, submission(orderId), files, "client"));
    expect(err.kind).toBe("invalid");
    expect({ rows: rows(), files: storedFiles().length }).toEqual(before);
    expect(orderState(db, orderId).order.profileId).toBeNull();
  });
});
