import type { DiffPiece } from "./word-diff.ts";

/** A word diff as text: removed words struck through, added words underlined, each named for a screen reader. */
export function DiffText({ pieces, testId }: { pieces: DiffPiece[]; testId?: string }) {
  return (
    <p className="mt-1 whitespace-pre-line break-words" data-testid={testId}>
      {pieces.map((piece, i) =>
        piece.kind === "same" ? (
          <span key={i}>{piece.text}</span>
        ) : piece.kind === "removed" ? (
          <del key={i} className="line-through decoration-2">
            <span className="sr-only">[removed: </span>
            {piece.text}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <ins key={i} className="font-medium underline decoration-2 underline-offset-2">
            <span className="sr-only">[added: </span>
            {piece.text}
            <span className="sr-only">]</span>
          </ins>
        ),
      )}
    </p>
  );
}
