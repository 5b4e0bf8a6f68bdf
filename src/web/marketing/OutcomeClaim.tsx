import { Link } from "../navigation.tsx";
import { usePublicConfig } from "../public-config.ts";

/**
 * The measured outcome in one sentence (issue 32), made by the server from customers' answers once at least 30
 * exist (src/outcomes/report.ts), with a link to how it is measured; below that, nothing at all.
 */
export function OutcomeClaim({ className = "" }: { className?: string }) {
  const sentence = usePublicConfig().outcomeClaim;
  if (!sentence) return null;
  return (
    <p className={`text-muted-foreground ${className}`} data-testid="outcome-claim">
      {sentence}.{" "}
      <Link to="/about#how-we-measure" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        How we measure this
      </Link>
    </p>
  );
}
