import { Link } from "../navigation.tsx";

/** "By continuing, you agree to our Terms of Service and Privacy Policy." under the order forms. */
export function TermsNote({ action, className }: { action: "continuing" | "submitting"; className: string }) {
  return (
    <p className={className}>
      By {action}, you agree to our{" "}
      <Link to="/terms-of-service" className="underline hover:text-foreground">
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link to="/privacy-policy" className="underline hover:text-foreground">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
