import type { AppContext } from "../context.ts";
import { sendContactMessage } from "../mail/contact-message.tsx";
import { optimiseProfileJob } from "../optimiser/job.ts";
import { CONTACT_MAIL, JOB_KINDS, OPTIMISE_PROFILE } from "./kinds.ts";
import type { JobHandlers } from "./loop.ts";

/**
 * Every job kind this process runs, each with its lane and payload schema from ./kinds.ts. Kinds not listed (for
 * example ones a later version adds) stay queued untouched.
 */
export function jobHandlers(ctx: AppContext): JobHandlers {
  const optimise = optimiseProfileJob(ctx);
  return {
    [OPTIMISE_PROFILE]: { ...JOB_KINDS[OPTIMISE_PROFILE], run: optimise.run, giveUp: optimise.giveUp },
    [CONTACT_MAIL]: {
      ...JOB_KINDS[CONTACT_MAIL],
      run: sendContactMessage({ db: ctx.store.db, mailer: ctx.services.mailer, supportEmail: ctx.config.mail.supportEmail }),
    },
  };
}
