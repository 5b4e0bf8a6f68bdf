import { Link } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass("outline")}>
        Return to Home
      </Link>
    </section>
  );
}
