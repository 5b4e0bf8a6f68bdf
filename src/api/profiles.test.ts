import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { newId } from "../db/ids.ts";
import { jobs, orders, photos, profiles } from "../db/schema.ts";
import { MAX_PHOTO_BYTES } from "../shared/profiles/limits.ts";
import { hevcHeic, plainJpeg, plainPng, pixelFloodPng, sidewaysJpegWithGps } from "../testing/test-images.ts";
import { testApp, testContext } from "../testing/context.ts";

const ctx = testContext();
const app = testApp(ctx);
afterAll(() => ctx.cleanup());

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await plainJpeg();
});

const tinder = { email: "sam@example.com", dating_app: "tinder", bio: "I climb things and bake bread.", interests: "climbing, bread" };
const hinge = {
  email: "hana@example.com",
  dating_app: "hinge",
  prompt1: "A life goal of mine",
  response1: "Sail around Iceland.",
  prompt2: "Dating me is like",
  response2: "A long walk with snacks.",
  prompt3: "My simple pleasures",
  response3: "Fresh bread, cold lakes.",
  ideal_first_date: "Coffee, then a walk by the river.",
  job_title: "Engineer",
  education: "University of Leeds",
};

type Part = { name: string; data: Buffer | string; type?: string };
const photo = (data: Buffer | string, name = "photo.jpg", type = "image/jpeg"): Part => ({ name, data, type });

function upload(profile: unknown, files: Part[]) {
  const form = new FormData();
  if (profile !== undefined) form.append("profile", typeof profile === "string" ? profile : JSON.stringify(profile));
  for (const f of files) form.append("photos", new File([typeof f.data === "string" ? f.data : new Uint8Array(f.data)], f.name, { type: f.type ?? "application/octet-stream" }));
  return app.request("/api/profiles", { method: "POST", body: form });
}

const three = () => [photo(jpeg, "a.jpg"), photo(jpeg, "b.jpg"), photo(jpeg, "c.jpg")];

/** Every file under the uploads folder (the temp folder included). */
function uploadedFiles(): string[] {
  const root = ctx.config.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((p) => statSync(join(root, p)).isFile());
}

function counts() {
  return {
    profiles: ctx.store.db.select().from(profiles).all().length,
    photos: ctx.store.db.select().from(photos).all().length,
    files: uploadedFiles().length,
  };
}

function clearAll() {
  ctx.store.sqlite.run("DELETE FROM jobs");
  ctx.store.sqlite.run("DELETE FROM orders");
  ctx.store.sqlite.run("DELETE FROM photos");
  ctx.store.sqlite.run("DELETE FROM profiles");
  rmSync(ctx.config.uploadsDir, { recursive: true, force: true });
}
beforeEach(clearAll);

async function expectRefused(res: Response, status: number | number[], message: RegExp) {
  const body = (await res.json()) as { message: string };
  expect(body.message).toMatch(message);
  expect(Array.isArray(status) ? status : [status]).toContain(res.status);
  expect(counts()).toEqual({ profiles: 0, photos: 0, files: 0 });
}

describe("POST /api/profiles: a good submission", () => {
  test("stores the profile (status created, defaults applied, whole submission kept) and three re-encoded photos", async () => {
    const res = await upload({ email: "sam@example.com", user_id: 1 }, [photo(jpeg), photo(await plainPng(), "b.png", "image/png"), photo(jpeg)]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; status: string; bio: string; photos: { id: string }[] };
    expect(body.id).toMatch(/^[a-z2-7]{26}$/);
    expect(body.status).toBe("created");
    expect(body.photos).toHaveLength(3);

    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, body.id)).get()!;
    expect(row.userId).toBeNull();
    expect(row.datingApp).toBe("tinder");
    expect(row.bio).toBe("Not provided");
    expect(row.lookingFor).toBe("Not specified");
    expect(row.interests).toBe("Not provided");
    expect(row.originalProfile).toEqual({ email: "sam@example.com" });

    const stored = ctx.store.db.select().from(photos).where(eq(photos.profileId, body.id)).all();
    expect(stored.map((p) => p.order).sort()).toEqual([0, 1, 2]);
    for (const p of stored) {
      expect(p.filePath).toMatch(/^[a-z2-7]{26}\.jpg$/);
      const meta = await sharp(join(ctx.config.uploadsDir, p.filePath)).metadata();
      expect(meta.format).toBe("jpeg");
      const thumb = await sharp(join(ctx.config.uploadsDir, p.thumbPath!)).metadata();
      expect(thumb.format).toBe("jpeg");
    }
    // Six final files (photo + thumbnail each), nothing left in the temporary folder.
    expect(uploadedFiles().sort()).toEqual(stored.flatMap((p) => [p.filePath, p.thumbPath!]).sort());
  });

  test("a Hinge profile with its prompts is stored field by field", async () => {
    const res = await upload({ ...hinge, selectedPrompt1: "ignored when prompt1 is set" }, three());
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = ctx.store.db.select().from(profiles).where(eq(profiles.id, id)).get()!;
    expect(row.prompt1).toBe("A life goal of mine");
    expect(row.response3).toBe("Fresh bread, cold lakes.");
    expect(row.jobTitle).toBe("Engineer");
    expect(row.idealFirstDate).toBe("Coffee, then a walk by the river.");
  });

  test("a photo taken sideways with GPS is stored upright with no EXIF at all", async () => {
    const original = await sharp(await sidewaysJpegWithGps()).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.length).toBeGreaterThan(0);

    const res = await upload(tinder, [photo(await sidewaysJpegWithGps(), "IMG_0001.JPG"), photo(jpeg), photo(jpeg)]);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const first = ctx.store.db.select().from(photos).where(eq(photos.profileId, id)).all().find((p) => p.order === 0)!;
    const path = join(ctx.config.uploadsDir, first.filePath);
    const meta = await sharp(path).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    // Upright means the red half is on top.
    const { data } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    expect(pixel(100, 40)[0]).toBeGreaterThan(200);
    expect(pixel(100, 260)[2]).toBeGreaterThan(200);
    const bytes = await Bun.file(path).bytes();
    expect(Buffer.from(bytes).includes(Buffer.from("TestCam"))).toBe(false);
  });

  test("a valid photo named ../../evil.jpg is stored under a random name inside the uploads folder", async () => {
    const res = await upload(tinder, [photo(jpeg, "../../evil.jpg"), photo(jpeg), photo(jpeg)]);
    expect(res.status).toBe(201);
    expect(existsSync(resolve(ctx.config.uploadsDir, "../../evil.jpg"))).toBe(false);
    expect(uploadedFiles().every((f) => /^[a-z2-7]{26}(\.thumb)?\.jpg$/.test(f))).toBe(true);
  });

  test("a large photo is shrunk to a 2048-pixel long edge", async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const res = await upload(tinder, [photo(big), photo(jpeg), photo(jpeg)]);
    const { id } = (await res.json()) as { id: string };
    const first = ctx.store.db.select().from(photos).where(eq(photos.profileId, id)).all().find((p) => p.order === 0)!;
    expect([first.width, first.height]).toEqual([2048, 683]);
    const thumb = await sharp(join(ctx.config.uploadsDir, first.thumbPath!)).metadata();
    expect(thumb.width).toBe(400);
  });
});

describe("POST /api/profiles: bad input answers 4xx with a clear message and writes nothing", () => {
  test("a text file renamed .jpg", async () => {
    await expectRefused(await upload(tinder, [photo("hello, I am text", "cat.jpg"), photo(jpeg), photo(jpeg)]), 400, /Photo 1 \(cat\.jpg\) is not an image/);
  });

  test("a truncated JPEG", async () => {
    const full = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888888" } }).jpeg().toBuffer();
    const truncated = full.subarray(0, Math.floor(full.length / 2));
    await expectRefused(await upload(tinder, [photo(jpeg), photo(truncated, "half.jpg"), photo(jpeg)]), 400, /Photo 2 \(half\.jpg\) could not be read/);
  });

  test("an empty file", async () => {
    await expectRefused(await upload(tinder, [photo(jpeg), photo(jpeg), photo(Buffer.alloc(0), "empty.jpg")]), 400, /Photo 3 \(empty\.jpg\) is empty/);
  });

  test("2 photos", async () => {
    await expectRefused(await upload(tinder, [photo(jpeg), photo(jpeg)]), 400, /^Please upload at least 3 photos$/);
  });

  test("no photos", async () => {
    await expectRefused(await upload(tinder, []), 400, /^Please upload at least 3 photos$/);
  });

  test("7 photos", async () => {
    await expectRefused(await upload(tinder, Array.from({ length: 7 }, () => photo(jpeg))), 400, /^Maximum of 6 photos allowed$/);
  });

  test("one photo over the size limit", async () => {
    const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]);
    await expectRefused(await upload(tinder, [photo(jpeg), photo(huge, "huge.jpg"), photo(jpeg)]), 413, /^Photo 2 \(huge\.jpg\) is larger than 10MB\.$/);
  });

  test("a small PNG that declares 30,000 x 30,000 pixels", async () => {
    const flood = pixelFloodPng();
    expect(flood.length).toBeLessThan(2000);
    await expectRefused(
      await upload(tinder, [photo(jpeg), photo(jpeg), photo(flood, "flood.png", "image/png")]),
      400,
      /Photo 3 \(flood\.png\) has too many pixels \(30000 x 30000\)/,
    );
  });

  test("an SVG", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    await expectRefused(await upload(tinder, [photo(svg, "logo.svg", "image/svg+xml"), photo(jpeg), photo(jpeg)]), 400, /Photo 1 \(logo\.svg\) is not a JPEG, PNG, WebP, AVIF or HEIF image/);
  });

  test("a GIF (an image, but not an accepted format)", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } }).gif().toBuffer();
    await expectRefused(await upload(tinder, [photo(jpeg), photo(gif, "a.gif", "image/gif"), photo(jpeg)]), 400, /Photo 2 \(a\.gif\) is not a JPEG/);
  });

  test("an iPhone HEIC photo (HEVC, which sharp cannot decode) is named as such, not called damaged", async () => {
    await expectRefused(
      await upload(tinder, [photo(jpeg), photo(hevcHeic(), "IMG_0001.HEIC", "image/heic"), photo(jpeg)]),
      400,
      /^Photo 2 \(IMG_0001\.HEIC\) is an HEIC photo, which we cannot read\. Please send it as JPEG/,
    );
  });

  test("a file named ../../etc/passwd.jpg", async () => {
    await expectRefused(
      await upload(tinder, [photo("root:x:0:0:root:/root:/bin/bash\n", "../../etc/passwd.jpg"), photo(jpeg), photo(jpeg)]),
      400,
      /^Photo 1 \(passwd\.jpg\) is not an image/,
    );
    expect(existsSync(resolve(ctx.config.uploadsDir, "../../etc/passwd.jpg"))).toBe(false);
  });

  test("a malformed profile part", async () => {
    await expectRefused(await upload("{email: nope", three()), 400, /^The profile part is not valid JSON\.$/);
  });

  test("a profile part that is JSON but not an object", async () => {
    await expectRefused(await upload("[1,2,3]", three()), 400, /^The profile must be a JSON object$/);
  });

  test("no profile part", async () => {
    await expectRefused(await upload(undefined, three()), 400, /The profile part is missing/);
  });

  test("an unknown dating app", async () => {
    await expectRefused(await upload({ ...tinder, dating_app: "grindr" }, three()), 400, /^Please select a dating app$/);
  });

  test("Hinge without prompts", async () => {
    const { prompt1: _1, prompt2: _2, prompt3: _3, ...noPrompts } = hinge;
    await expectRefused(await upload(noPrompts, three()), 400, /^Prompt 1 is required for Hinge profile$/);
  });

  test("Hinge without job title", async () => {
    await expectRefused(await upload({ ...hinge, job_title: "  " }, three()), 400, /^Job title is required for Hinge profile$/);
  });

  test("a Hinge prompt that is not on the list", async () => {
    await expectRefused(await upload({ ...hinge, prompt2: "My favourite SQL injection" }, three()), 400, /^Prompt 2 must be one of the Hinge prompts$/);
  });

  test("Bumble with a short bio (the default text does not count)", async () => {
    await expectRefused(await upload({ email: "b@example.com", dating_app: "bumble", bio: "hi" }, three()), 400, /Bio must be at least 10 characters/);
    await expectRefused(await upload({ email: "b@example.com", dating_app: "bumble" }, three()), 400, /^Bio must be at least 10 characters for Bumble profile$/);
  });

  test("a 100,000-character bio", async () => {
    await expectRefused(await upload({ ...tinder, bio: "x".repeat(100_000) }, three()), 400, /^Bio must be at most 2,000 characters$/);
  });

  test("an invalid e-mail address", async () => {
    await expectRefused(await upload({ ...tinder, email: "not-an-address" }, three()), 400, /^Please enter a valid email address$/);
  });

  test("a field of the wrong type", async () => {
    await expectRefused(await upload({ ...tinder, interests: ["a", "b"] }, three()), 400, /^Interests must be text$/);
  });

  test("photos sent as text fields", async () => {
    const form = new FormData();
    form.append("profile", JSON.stringify(tinder));
    for (let i = 0; i < 3; i++) form.append("photos", "not a file");
    await expectRefused(await app.request("/api/profiles", { method: "POST", body: form }), 400, /must be an image file/);
  });

  test("a JSON body instead of multipart", async () => {
    const res = await app.request("/api/profiles", { method: "POST", body: JSON.stringify(tinder), headers: { "Content-Type": "application/json" } });
    await expectRefused(res, 415, /multipart\/form-data/);
  });

  test("a body that is not really multipart", async () => {
    const res = await app.request("/api/profiles", {
      method: "POST",
      body: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    await expectRefused(res, 400, /could not be read as multipart/);
  });

  test("a declared body larger than six photos at the limit", async () => {
    const res = await app.request("/api/profiles", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(7 * MAX_PHOTO_BYTES) },
    });
    await expectRefused(res, 413, /at most 6 photos of up to 10MB each/);
  });

  test("a chunked upload (no declared length) is written to disk as it arrives, not buffered whole first", async () => {
    const boundary = "chunked-upload";
    const encoder = new TextEncoder();
    const chunks = [
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      new Uint8Array(jpeg),
    ];
    let photoOnDiskBeforeEnd = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = chunks.shift();
        if (next) return controller.enqueue(next);
        // The rest of the body is sent only once the photo is on disk (or after 2 s, so a buffering server fails).
        const deadline = Date.now() + 2000;
        while (!(photoOnDiskBeforeEnd = uploadedFiles().length > 0) && Date.now() < deadline) await Bun.sleep(10);
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const res = await app.request("/api/profiles", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    expect(photoOnDiskBeforeEnd).toBe(true);
    await expectRefused(res, 400, /profile part is missing/);
  });

  test("a failure after some photos were processed leaves none of their files", async () => {
    // Photos 1 and 2 are processed and written before photo 3 fails.
    await expectRefused(await upload(tinder, [photo(jpeg), photo(jpeg), photo("nope", "x.jpg")]), 400, /Photo 3/);
  });
});

describe("POST /api/profiles with an orderId (the paid-first path)", () => {
  function insertOrder(status: "pending" | "paid" | "cancelled", profileId: string | null = null) {
    const id = newId();
    ctx.store.db.insert(orders).values({ id, planId: "premium", amount: 999, status, profileId }).run();
    return id;
  }

  test("a paid order gets the profile: profile pending, order linked, optimisation queued once, in one go", async () => {
    const orderId = insertOrder("paid");
    const res = await upload({ ...tinder, orderId }, three());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; status: string; revisions_allowed: number; order: { id: string; plan_id: string; status: string } };
    expect(body.status).toBe("pending");
    expect(body.revisions_allowed).toBe(1);
    expect(body.order).toEqual({ id: orderId, plan_id: "premium", status: "paid" });
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!.profileId).toBe(body.id);
    const queued = ctx.store.db.select().from(jobs).where(eq(jobs.kind, "optimise-profile")).all();
    expect(queued).toHaveLength(1);
    // The order confirmation goes with it, once.
    expect(ctx.store.db.select().from(jobs).where(eq(jobs.kind, "mail:order-confirmation")).all()).toHaveLength(1);
    expect(queued[0]!.idempotencyKey).toBe(`optimise:${orderId}`);
    expect(queued[0]!.payload).toEqual({ orderId, profileId: body.id, reason: "initial" });
    // Premium promises 24 hours from the moment the profile joins the queue.
    const deadline = ctx.store.db.select().from(profiles).where(eq(profiles.id, body.id)).get()!.deadlineAt!.getTime();
    expect(Math.abs(deadline - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
  });

  test("a pending (unpaid) order is linked; the profile waits for payment and nothing is queued", async () => {
    const orderId = insertOrder("pending");
    const res = await upload({ ...tinder, orderId }, three());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; status: string };
    expect(body.status).toBe("created");
    expect(ctx.store.db.select().from(orders).where(eq(orders.id, orderId)).get()!.profileId).toBe(body.id);
    expect(ctx.store.db.select().from(jobs).all()).toHaveLength(0);
  });

  test("an unknown order is a 404 and writes nothing", async () => {
    await expectRefused(await upload({ ...tinder, orderId: newId() }, three()), 404, /could not find that order/);
  });

  test("an order that already has a profile is a 409 and writes nothing more", async () => {
    const existing = await upload(tinder, three());
    const { id: profileId } = (await existing.json()) as { id: string };
    const orderId = insertOrder("paid", profileId);
    const before = counts();
    const res = await upload({ ...tinder, orderId }, three());
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/already has a profile/);
    expect(counts()).toEqual(before);
    expect(ctx.store.db.select().from(jobs).all()).toHaveLength(0);
  });

  test("a cancelled order is a 409 and writes nothing", async () => {
    const orderId = insertOrder("cancelled");
    await expectRefused(await upload({ ...tinder, orderId }, three()), 409, /can no longer be used/);
  });
});
