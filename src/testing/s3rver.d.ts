// s3rver 3.7.1 ships no types; the part the tests use (src/testing/s3-server.ts).
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  }
  /** What s3rver emits as `event` once it stored (ObjectCreated:…) or deleted an object, before it answers. */
  export interface S3rverEvent {
    Records: { eventName: string; s3: { object: { key: string } } }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    on(name: "event", listener: (event: S3rverEvent) => void): this;
    off(name: "event", listener: (event: S3rverEvent) => void): this;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
