import type { AppContext } from "../context.ts";
import { sendContactMessage } from "../mail/contact-message.tsx";
import { CONTACT_MAIL, JOB_KINDS } from "./kinds.ts";
import type { JobHandlers } from "./loop.ts";

/**
 * Every job kind this process runs, each with its lane and payload schema from ./kinds.ts. Kinds not listed (for
 * example ones a later version adds) stay queued untouched.
 */
export function jobHandlers(ctx: AppContext): JobHandlers {
  return {
    [CONTACT_MAIL]: {
      ...JOB_KINDS[CONTACT_MAIL],
      run: sendContactMessage({ db: ctx.store.db, mailer: ctx.services.mailer, supportEmail: ctx.config.mail.supportEmail }),
    },
  };
}
