/**
 * The results e-mail's one unavoidable window, on the real server: the process is killed after the SMTP server has
 * the message and before our database records it. After a restart the e-mail goes again at most once, with the same
 * Message-ID, and the release is recorded.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { queueResultsEmail } from "../delivery/results.ts";
import { openStore } from "../db/client.ts";
import { submitAndPay } from "../testing/customer.ts";
import { startServer, type RunningServer } from "../testing/server.ts";
import { startSmtpServer, type TestSmtpServer } from "../testing/smtp-server.ts";
import { noisyJpeg } from "../testing/test-images.ts";
import { jobsEnded } from "../testing/jobs.ts";
import { until } from "../testing/wait.ts";

let servers: RunningServer[] = [];
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  // A restart reuses its first server's folder: each folder once.
  for (const dir of new Set(servers.map((s) => s.dir))) rmSync(dir, { recursive: true, force: true });
  servers = [];
  await smtp?.close();
});

function profileRow(dir: string, id: string) {
  const db = new Database(join(dir, "app.sqlite"), { readonly: true });
  try {
    return db.query<{ status: string; email_sent: number; email_message_id: string | null; released_result: string | null }, [string]>(
      // The version the latest release points at (src/profiles/versions.ts), under the name of the column it replaced.
      "SELECT status, email_sent, email_message_id, (SELECT version_id FROM result_releases r WHERE r.profile_id = profiles.id ORDER BY r.id DESC LIMIT 1) AS released_result FROM profiles WHERE id = ?",
    ).get(id)!;
  } finally {
    db.close();
  }
}

const waitFor = (check: () => boolean, what: string) => until(check, what, { ms: 60_000, everyMs: 20 });


test("kill -9 between the SMTP server's acceptance and the database update: one repeat at most, same Message-ID", async () => {
  let first: RunningServer | undefined;
  let killed = false;
  smtp = await startSmtpServer(0, {
    async beforeAccept(mail) {
      if (killed || !/ready/i.test(mail.subject ?? "") || !first) return;
      killed = true;
      first.proc.kill("SIGKILL");
      await first.proc.exited;
    },
  });
  const env = { SMTP_URL: smtp.url, MAIL_FROM: "no-reply@profileboost.test" };
  first = await startServer(env);
  servers.push(first);
  const photos = await Promise.all([0, 1, 2].map(() => noisyJpeg(1200, 900)));
  const { profileId } = await submitAndPay(first.url, {
    plan: "premium",
    profile: { dating_app: "tinder", bio: "Nurse by day, sourdough baker by night.", interests: "hiking, baking" },
    photos,
  });
  await waitFor(() => profileRow(first!.dir, profileId).status === "completed", "the result");

  // What the admin's "Send Optimization Email" does.
  const store = openStore(join(first.dir, "app.sqlite"));
  expect(queueResultsEmail(store.db, profileId)).toBe("queued");
  store.close();

  await waitFor(() => killed, "the kill at the SMTP acceptance");
  expect(profileRow(first.dir, profileId).email_sent).toBe(0);

  const second = await startServer(env, first.dir);
  servers.push(second);
  await waitFor(() => profileRow(second.dir, profileId).email_sent === 1, "the release after the restart");
  await waitFor(() => jobsEnded(second.dir, "mail:results", profileId), "the results e-mail job to end");

  const results = smtp.received.filter((m) => /ready/i.test(m.subject ?? ""));
  expect(results.length).toBeGreaterThanOrEqual(1);
  expect(results.length).toBeLessThanOrEqual(2);
  expect(new Set(results.map((m) => m.messageId)).size).toBe(1);
  const row = profileRow(second.dir, profileId);
  expect(row.email_message_id).toBe(results[0]!.messageId!);
  expect(row.released_result).not.toBeNull();
  // The order confirmation went once, before all this.
  expect(smtp.received.filter((m) => /order/i.test(m.subject ?? ""))).toHaveLength(1);
}, 120_000);
