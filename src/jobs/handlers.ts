import type { AppContext } from "../context.ts";
import { CONTACT_MAIL_JOB, sendContactMessage } from "../mail/contact-message.tsx";
import type { Mailer } from "../mail/mailer.ts";
import type { JobHandlers } from "./loop.ts";

export interface JobDeps {
  ctx: AppContext;
  mailer: Mailer;
}

/**
 * Every job kind this process runs. A new kind is one line here plus its handler; kinds not listed
 * (for example ones a later version adds) stay queued untouched.
 */
export function jobHandlers({ ctx, mailer }: JobDeps): JobHandlers {
  return {
    [CONTACT_MAIL_JOB]: sendContactMessage({ db: ctx.store.db, mailer, supportEmail: ctx.config.mail.supportEmail }),
  };
}
