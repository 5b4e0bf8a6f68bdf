import { usePublicConfig } from "../public-config.ts";
import { buttonClass } from "../ui/button.ts";

/** Spec section 8: "Error Loading Admin Dashboard", with a retry and where to turn when it persists. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { supportEmail } = usePublicConfig();
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-xl border border-destructive/60 p-6 text-center" data-testid="admin-load-error">
      <h2 className="text-xl font-semibold">Error Loading Admin Dashboard</h2>
      <p className="mt-2 break-words text-muted-foreground">{message}</p>
      <p className="mt-2 text-sm text-muted-foreground">
        Please try again. If the problem persists, contact support at{" "}
        <a href={`mailto:${supportEmail}`} className="text-primary underline underline-offset-4">
          {supportEmail}
        </a>
        .
      </p>
      <button type="button" onClick={onRetry} className={buttonClass("primary", "md", "mt-5")}>
        Try Again
      </button>
    </div>
  );
}
