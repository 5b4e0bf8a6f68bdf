import { useEffect, useRef, useState } from "react";
import { buttonClass } from "../ui/button.ts";

/** What the queue's Next did: opened a profile (claimed), found nothing waiting, or failed (said in a toast). */
export type NextAnswer = "opened" | "nothing" | "failed";

/**
 * After Send or Save and send (issue 28, item 6; issue 29, item 2): the next profile in the queue, claimed and opened
 * in place of this one, so a writer working through the queue does not close and reopen. It takes the focus when it
 * appears (Enter goes on); "Nothing is waiting" when the queue is empty.
 */
export function NextProfile({ onNext }: { onNext: () => Promise<NextAnswer> }) {
  const button = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [nothing, setNothing] = useState(false);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="review-next">
      <button
        ref={button}
        type="button"
        disabled={pending}
        className={buttonClass("primary")}
        onClick={async () => {
          setPending(true);
          const answer = await onNext();
          setPending(false);
          setNothing(answer === "nothing");
          // Still here (nothing waiting, or refused): the button has the focus back.
          if (answer !== "opened") requestAnimationFrame(() => button.current?.focus());
        }}
      >
        {pending ? "Opening..." : "Next profile"}
      </button>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {nothing ? "Nothing is waiting" : ""}
      </p>
    </div>
  );
}
