/** A spinning ring above a visible label, announced as a status while something loads. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <span className="text-muted-foreground">{label}</span>
    </div>
  );
}
