import { useEffect, useRef } from "react";
import { island } from "../island.tsx";

/** The confirmation of a revision request, drawn by the server; once hydrated it takes the focus from the form it replaced. */
function RevisionSent({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="mt-4 rounded-lg border border-success p-4 font-medium text-success outline-none" data-testid="revision-sent">
      {message}
    </p>
  );
}

export const RevisionSentIsland = island("RevisionSentIsland", RevisionSent);
