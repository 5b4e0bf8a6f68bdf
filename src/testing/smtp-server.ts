import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { until } from "./wait.ts";

/** A real SMTP server in the test process that parses and keeps every message it accepts. Tests only. */
export interface TestSmtpServer {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * `beforeAccept` runs when a message has been received whole, before the server answers "250 accepted": a test can
 * kill the sending process there, leaving a message delivered that its sender never heard was accepted.
 */
export async function startSmtpServer(port = 0, options: { beforeAccept?: (mail: ParsedMail) => Promise<void> | void } = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on localhost: no TLS certificate to trust, no login.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          received.push(mail);
          await options.beforeAccept?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A client killed mid-conversation (the crash tests' kill -9) resets its connection, which the server re-emits as
  // an "error"; unheard, that would throw in the test process. The sender's failure is the test's business, not ours.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      await until(() => received.length >= count, `${count} message(s)`, { ms: timeoutMs, everyMs: 20 }).catch(() => {
        throw new Error(`expected ${count} message(s), got ${received.length}`);
      });
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
