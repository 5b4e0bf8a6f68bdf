import type { AppContext } from "../context.ts";
import { createMailer } from "../mail/mailer.ts";
import { jobHandlers } from "./handlers.ts";
import { createJobLoop } from "./loop.ts";

/** Starts the in-process job loop with the mailer the configuration asks for; `stop()` finishes the job in hand. */
export function startJobLoop(ctx: AppContext): { stop(): Promise<void> } {
  const mailer = createMailer({ smtpUrl: ctx.config.mail.smtpUrl, from: ctx.config.mail.from, outboxDir: ctx.config.outboxDir });
  const loop = createJobLoop({ db: ctx.store.db, log: ctx.log, handlers: jobHandlers({ ctx, mailer }) });
  loop.start();
  ctx.log.info(`job loop started (mail: ${mailer.description})`);
  return {
    async stop() {
      await loop.stop();
      mailer.close();
    },
  };
}
