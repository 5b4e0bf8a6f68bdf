import { BRAND } from "../brand.ts";
import { Link, NavLink, usePathname } from "../navigation.tsx";
import { buttonClass } from "../ui/button.ts";
import { Logo } from "./Logo.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { CloseIcon } from "../ui/CloseIcon.tsx";

const NAV_LINKS = [
  { to: "/services", label: "Services" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring ${
    isActive ? "text-primary font-semibold" : "text-muted-foreground"
  }`;

/** Phone menu entries: a 44 px target (WCAG 2.5.5), the whole row. */
const menuLinkClass = (state: { isActive: boolean }) => `${linkClass(state)} flex min-h-11 items-center`;

/** The administrator's area is work, not a shop window: no "Get Started" to the order form there. */
function useMarketing(): boolean {
  const pathname = usePathname();
  return !(pathname === "/admin" || pathname.startsWith("/admin/"));
}

export function Header() {
  const marketing = useMarketing();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <ThemeToggle />
          {marketing && (
            <Link to="/upload" className={buttonClass("primary", "md", "max-sm:hidden")}>
              Get Started
            </Link>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The phone menu is a <details> disclosure, so it opens and its links work without any script; choosing a link loads
 * the new page, where the menu starts closed. src/client/shell.ts adds closing with Escape (focus back on its toggle)
 * and when the page outside it is touched.
 */
function MobileMenu() {
  const marketing = useMarketing();
  return (
    <details className="group md:hidden">
      <summary className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Menu</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 group-open:hidden" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <CloseIcon className="hidden h-6 w-6 group-open:block" />
      </summary>
      <nav id="mobile-menu" aria-label="Mobile" className="absolute inset-x-0 top-full border-y border-border bg-background shadow-sm">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={menuLinkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
          {marketing && (
            <li className="pt-2">
              <Link to="/upload" className={buttonClass("primary", "md", "min-h-11 w-full")}>
                Get Started
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </details>
  );
}
