import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { DomainError } from "../errors.ts";
import { tempDir } from "../testing/context.ts";
import { boundaryOf, readMultipart, UploadStalled, type MultipartLimits } from "./multipart.ts";

const dir = tempDir("multipart-test-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits: MultipartLimits = {
  dir,
  fileField: "photos",
  maxFiles: 3,
  maxFileBytes: 1000,
  maxFieldBytes: 100,
  maxParts: 6,
  maxBodyBytes: 5000,
  tooManyFiles: "too many",
  bodyTooLarge: "body too large",
  fileTooLarge: (i, name) => `file ${i + 1} (${name}) too large`,
  fieldTooLarge: (name) => `${name} too large`,
};

/** The body a browser would send for `form`, delivered in chunks of `chunkSize` bytes. */
async function encode(form: FormData, chunkSize: number) {
  const req = new Request("http://localhost/", { method: "POST", body: form });
  const type = req.headers.get("content-type")!;
  const bytes = new Uint8Array(await req.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize));
      controller.close();
    },
  });
  return { body, type };
}

function sampleForm(fileBytes = 600) {
  const form = new FormData();
  form.append("profile", JSON.stringify({ email: "a@example.com", bio: "héllo ✓" }));
  form.append("photos", new File([new Uint8Array(fileBytes).fill(7)], "a.jpg", { type: "image/jpeg" }));
  form.append("photos", new File(["\r\n--not-a-boundary\r\n"], "b.jpg", { type: "image/jpeg" }));
  return form;
}

describe("readMultipart", () => {
  for (const chunkSize of [1, 7, 64, 100_000]) {
    test(`reads text parts and streams files to disk, in chunks of ${chunkSize} bytes`, async () => {
      const { body, type } = await encode(sampleForm(), chunkSize);
      const upload = await readMultipart(body, type, limits);
      expect(JSON.parse(upload.fields.get("profile")!)).toEqual({ email: "a@example.com", bio: "héllo ✓" });
      expect(upload.files.map((f) => [f.filename, f.size])).toEqual([
        ["a.jpg", 600],
        ["b.jpg", 20],
      ]);
      expect(readFileSync(upload.files[0]!.path).every((b) => b === 7)).toBe(true);
      expect(readFileSync(upload.files[1]!.path, "utf8")).toBe("\r\n--not-a-boundary\r\n");
      upload.cleanup();
      expect(upload.files.some((f) => existsSync(f.path))).toBe(false);
    });
  }

  test("a JSON part sent as a Blob is read as text", async () => {
    const form = new FormData();
    form.append("profile", new Blob(['{"a":1}'], { type: "application/json" }));
    const { body, type } = await encode(form, 5);
    const upload = await readMultipart(body, type, limits);
    expect(upload.fields.get("profile")).toBe('{"a":1}');
    expect(upload.files).toHaveLength(0);
  });

  test("a text value in the file field is flagged", async () => {
    const form = new FormData();
    form.append("photos", "just text");
    const { body, type } = await encode(form, 10);
    expect((await readMultipart(body, type, limits)).textInFileField).toBe(true);
  });

  async function refusal(form: FormData, chunkSize = 50, overrides: Partial<MultipartLimits> = {}): Promise<DomainError> {
    const { body, type } = await encode(form, chunkSize);
    const err = await readMultipart(body, type, { ...limits, ...overrides }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    // Nothing is left on disk after a refusal.
    expect(readdirSync(dir)).toEqual([]);
    return err as DomainError;
  }

  test("a file over the limit is refused with the form's words and its partial file removed", async () => {
    const err = await refusal(sampleForm(1001));
    expect([err.kind, err.message]).toEqual(["too_large", "file 1 (a.jpg) too large"]);
  });

  test("more files than allowed are refused", async () => {
    const form = sampleForm();
    form.append("photos", new File(["x"], "c.jpg"));
    form.append("photos", new File(["y"], "d.jpg"));
    const err = await refusal(form);
    expect([err.kind, err.message]).toEqual(["invalid", "too many"]);
  });

  test("a text part over its limit is refused", async () => {
    const form = new FormData();
    form.append("profile", "x".repeat(101));
    const err = await refusal(form);
    expect([err.kind, err.message]).toEqual(["too_large", "profile too large"]);
  });

  test("a body over its limit is refused as it is read, whether or not it declared a length", async () => {
    const form = new FormData();
    // Every part within its own limit; together over the body's. The stream declares no length (a chunked upload).
    for (let i = 0; i < 6; i++) form.append("photos", new File([new Uint8Array(990)], `${i}.jpg`));
    const err = await refusal(form, 4096, { maxFiles: 6 });
    expect([err.kind, err.message]).toEqual(["too_large", "body too large"]);
  });

  test("a header block over 16 KB is refused even when it arrives in one chunk", async () => {
    const type = "multipart/form-data; boundary=b";
    const raw = `--b\r\nContent-Disposition: form-data; name="profile"\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\n{}\r\n--b--\r\n`;
    const err = await readMultipart(new Response(raw).body, type, { ...limits, maxBodyBytes: 100_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).message).toMatch(/could not be read as multipart/);
  });

  test("more parts than allowed are refused, however small", async () => {
    const form = new FormData();
    for (let i = 0; i < 7; i++) form.append(`f${i}`, "x");
    const err = await refusal(form);
    expect([err.kind, err.message]).toEqual(["invalid", "The upload has too many parts."]);
  });

  test("a text part sent twice is refused rather than one copy picked", async () => {
    const form = new FormData();
    form.append("profile", '{"a":1}');
    form.append("photos", new File(["x"], "a.jpg"));
    form.append("profile", '{"a":2}');
    const err = await refusal(form);
    expect([err.kind, err.message]).toEqual(["invalid", "The profile part was sent more than once."]);
  });

  test("a body cut short, or garbage, or no boundary, is a 400", async () => {
    const { type } = await encode(sampleForm(), 10);
    const cut = new Request("http://localhost/", { method: "POST", body: sampleForm() });
    const cutType = cut.headers.get("content-type")!;
    const bytes = new Uint8Array(await cut.arrayBuffer()).slice(0, 300);
    const short = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    });
    await expect(readMultipart(short, cutType, limits)).rejects.toThrow("could not be read as multipart");
    const garbage = new Response("garbage").body;
    await expect(readMultipart(garbage, type, limits)).rejects.toThrow("could not be read as multipart");
    await expect(readMultipart(new Response("x").body, "multipart/form-data", limits)).rejects.toThrow("could not be read as multipart");
    expect(readdirSync(dir)).toEqual([]);
  });

  /**
   * The body of `form` sent at `chunkSize` bytes every `everyMs`, stopping for good after `stopAfter` bytes. Paced by
   * the clock, as a client's socket is: when this process was held up (a busy core), what the client sent meanwhile
   * arrives at once, as from a socket's buffer, rather than the delay slowing the client down.
   */
  async function paced(form: FormData, chunkSize: number, everyMs: number, stopAfter = Infinity) {
    const req = new Request("http://localhost/", { method: "POST", body: form });
    const type = req.headers.get("content-type")!;
    const bytes = new Uint8Array(await req.arrayBuffer());
    let sent = 0;
    const started = Date.now();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= stopAfter) return new Promise<void>(() => {});
        await Bun.sleep(everyMs);
        const due = Math.max(sent + chunkSize, Math.floor((Date.now() - started) / everyMs) * chunkSize);
        const end = Math.min(due, bytes.length, stopAfter);
        controller.enqueue(bytes.slice(sent, end));
        sent = end;
        if (sent >= bytes.length) controller.close();
      },
    });
    return { body, type, length: bytes.length };
  }
  const minRate = { windowMs: 100, minBytes: 100 };

  test("a slow body that keeps the minimum rate is read whole", async () => {
    // About 4,000 bytes a second against a minimum of 1,000 (room for a slow machine), over several windows.
    const { body, type, length } = await paced(sampleForm(), 40, 10);
    expect(length).toBeGreaterThan(800);
    const upload = await readMultipart(body, type, { ...limits, minRate });
    expect(upload.files.map((f) => f.size)).toEqual([600, 20]);
    upload.cleanup();
  });

  test("a body that stops arriving fails with UploadStalled, its partial file removed", async () => {
    const { body, type } = await paced(sampleForm(), 100, 5, 400);
    const err = await readMultipart(body, type, { ...limits, minRate }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadStalled);
    expect((err as UploadStalled).received).toBe(400);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a body trickling under the minimum rate fails with UploadStalled", async () => {
    // 5 bytes every 10 ms is 500 bytes a second, under the 1,000 asked for.
    const { body, type } = await paced(sampleForm(), 5, 10);
    const err = await readMultipart(body, type, { ...limits, minRate }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadStalled);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("boundaryOf reads quoted and bare boundaries and refuses over-long ones", () => {
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data; boundary=XyZ; charset=utf-8")).toBe("XyZ");
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
  });
});
