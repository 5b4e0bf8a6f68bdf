import type { DB } from "../db/client.ts";
import { writeTransaction } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueJob } from "../jobs/queue.ts";
import type { Logger } from "../log.ts";
import type { ContactMessage } from "../shared/contact/schema.ts";
import { CONTACT_MAIL, contactMailJob } from "./job.ts";

/**
 * A checked contact message, posted by the island (POST /api/contact) or by the form without JavaScript
 * (POST /contact): stored with its e-mail to support queued in one transaction, so the sender's success does not
 * depend on the mail server. A filled honeypot is a bot: nothing is kept, and the caller answers as if it worked.
 */
export function receiveContactMessage(deps: { db: DB; log: Logger }, input: ContactMessage): void {
  const { website, ...message } = input;
  if (website) {
    deps.log.info("contact: honeypot filled, message dropped");
    return;
  }
  writeTransaction(deps.db, (tx) => {
    const { id } = tx.insert(contactMessages).values(message).returning({ id: contactMessages.id }).get();
    enqueueJob(tx, CONTACT_MAIL, contactMailJob(id));
  });
}
