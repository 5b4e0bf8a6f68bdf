/**
 * Test fixture for src/jobs/loop.test.ts: one job loop in its own process on the database file given as argv[2]; each job run
 * appends "<pid> <jobId>" to the file argv[3]. Exits when no job has been due for a while.
 */
import { appendFileSync } from "node:fs";
import { openStore } from "../db/client.ts";
import { silentLogger } from "../log.ts";
import { createJobLoop } from "../jobs/loop.ts";

const [dbPath, runsPath] = process.argv.slice(2) as [string, string];
const store = openStore(dbPath);
const loop = createJobLoop({
  db: store.db,
  log: silentLogger,
  handlers: {
    work: async (job) => {
      appendFileSync(runsPath, `${process.pid} ${job.id}\n`);
      await Bun.sleep(Math.random() * 4);
    },
  },
});
let idle = 0;
while (idle < 20) {
  if (await loop.runOne()) idle = 0;
  else {
    idle++;
    await Bun.sleep(10);
  }
}
store.close();
