import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { recordStand } from "../admin/edit.ts";
import type { AppContext } from "../context.ts";
import { profiles } from "../db/schema.ts";
import { versionToken, workingResult } from "../profiles/versions.ts";
import { toWrite } from "../shared/admin/desk.ts";

/**
 * Every part still to write kept as it is, as a writer would with "Keep as it is…" (src/shared/admin/desk.ts), so
 * a test about what happens after Send can send a premium or elite result the local analyser drafted.
 */
export function keepEverything(ctx: Pick<AppContext, "store">, profileId: string, admin = "admin"): void {
  const read = () => ctx.store.db.select().from(profiles).where(eq(profiles.id, profileId)).get()!;
  const result = workingResult(ctx.store.db, read());
  for (const { part } of result ? toWrite(result) : []) {
    recordStand(ctx as AppContext, admin, profileId, versionToken(read()), part, "Already strong: kept for this test.");
  }
}

/**
 * In the review dialog: every part the desk lists as still to write kept with "Keep as it is…" and a reason, one
 * after the other, as a writer who finds the text strong would; answers the labels kept.
 */
export async function keepEveryPartInDialog(dialog: Locator, reason = "Already strong: specific and in their voice."): Promise<string[]> {
  const list = dialog.getByTestId("review-to-write");
  const kept: string[] = [];
  // The briefs are beside the fields, in the editor's tab.
  const edit = dialog.getByRole("tab", { name: "Edit", exact: true });
  if ((await list.count()) > 0 && (await edit.count()) > 0) await edit.click();
  while ((await list.count()) > 0) {
    const label = (await list.locator("li a").first().textContent())!;
    const name = label.charAt(0).toLowerCase() + label.slice(1);
    await dialog.getByRole("button", { name: `Keep as it is…: ${name}`, exact: true }).click();
    await dialog.getByRole("textbox", { name: "Why it stands as it is" }).fill(reason);
    await dialog.getByRole("button", { name: "Record the reason" }).click();
    // Recorded: the part leaves the list (the dialog shows the profile the server answered).
    await list.getByRole("link", { name: label, exact: true }).waitFor({ state: "detached" });
    kept.push(name);
  }
  return kept;
}
