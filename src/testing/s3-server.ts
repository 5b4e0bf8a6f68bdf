/**
 * An S3-compatible server written by others, for the tests of the bucket store and Litestream: s3rver (npm, a
 * file-backed implementation of the S3 API), in this process on a free port, with an empty bucket. Its fixed account
 * is S3RVER / S3RVER; another access key id is refused, as a real bucket would (it does not check Bun's signatures,
 * so a wrong secret alone goes through: the tests use an unknown key for a refusing bucket).
 */
import { S3Client } from "bun";
import { rmSync } from "node:fs";
import S3rver, { type S3rverEvent } from "s3rver";
import { tempDir } from "./context.ts";

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The server's configuration for this bucket (src/config.ts). */
  env: { S3_BUCKET: string; S3_ENDPOINT: string; S3_REGION: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  /** A client of our own, to look into the bucket behind the code under test. */
  client: S3Client;
  /** Every key in the bucket (under `prefix`), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Calls `listener` with each key as s3rver stores it, before it answers the PUT; returns what unsubscribes. */
  onStored(listener: (key: string) => void): () => void;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "photos"): Promise<TestBucket> {
  const dir = tempDir("s3rver-");
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
  const client = new S3Client({ bucket, endpoint, region: env.S3_REGION, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
  return {
    endpoint,
    bucket,
    env,
    client,
    async keys(prefix) {
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix, continuationToken });
        keys.push(...(page.contents ?? []).map((o) => o.key));
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return keys.sort();
    },
    onStored(listener) {
      const forward = (event: S3rverEvent) => {
        for (const record of event.Records) if (record.eventName.startsWith("ObjectCreated:")) listener(record.s3.object.key);
      };
      server.on("event", forward);
      return () => server.off("event", forward);
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
