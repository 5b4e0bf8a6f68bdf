/**
 * Test fixture for src/ops/backup.test.ts: a second process that keeps taking paid orders on the database file
 * argv[2], as the service would: a photo file renamed into the uploads folder argv[3], the profile and its photo
 * row, the order, then `fulfil`. After each order's payment has committed it appends the order id to the file
 * argv[4], so the test knows which orders were paid before a given moment. Stops at SIGTERM.
 */
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore, writeTransaction } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { orders, photos, profiles } from "../db/schema.ts";
import { PLANS } from "../shared/orders/plans.ts";
import { fulfil } from "../payments/fulfil.ts";

/** What the writer puts in a photo file, so the test can tell the restored file is the one it wrote. */
export function photoBytes(photoId: string): string {
  return `photo ${photoId}\n`.repeat(200);
}

if (import.meta.main) {
  const [dbPath, uploadsDir, progressPath] = process.argv.slice(2) as [string, string, string];
  const store = openStore(dbPath);
  const incoming = join(uploadsDir, ".incoming");
  mkdirSync(incoming, { recursive: true });
  let stopping = false;
  process.on("SIGTERM", () => (stopping = true));

  const plan = PLANS.premium;
  while (!stopping) {
    const profileId = newId();
    const photoId = newId();
    const file = `${photoId}.jpg`;
    writeFileSync(join(incoming, file), photoBytes(photoId));
    const orderId = newId();
    writeTransaction(store.db, (tx) => {
      tx.insert(profiles).values({ id: profileId, email: "writer@example.com", datingApp: "tinder", status: "created" }).run();
      tx.insert(photos).values({ id: photoId, profileId, filePath: file, order: 0 }).run();
      tx.insert(orders).values({ id: orderId, planId: plan.id, amount: plan.priceCents, profileId }).run();
      renameSync(join(incoming, file), join(uploadsDir, file));
    });
    fulfil(store.db, { orderId, provider: "local", reference: newId(), amount: plan.priceCents, currency: "usd" });
    appendFileSync(progressPath, `${orderId}\n`);
    // Lets the SIGTERM handler run, and the other processes have the cores now and then.
    await Bun.sleep(2);
  }
  store.close();
}
