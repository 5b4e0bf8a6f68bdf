import { Link } from "react-router";
import { BRAND } from "../brand.ts";
import { Logo } from "./Logo.tsx";

const COMPANY_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
  { to: "/contact", label: "Support" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
] as const;

const LEGAL_LINKS = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/privacy-policy#cookies", label: "Cookie Policy" },
] as const;

const footerLink = "rounded-sm text-sm text-muted-foreground hover:text-foreground underline-offset-4 hover:underline outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function Footer() {
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{BRAND.tagline}</p>
          <a href={BRAND.social.href} className={footerLink} rel="noopener noreferrer" target="_blank">
            {BRAND.social.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <nav aria-label="Company" className="sm:justify-self-end">
          <h2 className="mb-3 text-sm font-semibold">Company</h2>
          <ul className="space-y-2">
            {COMPANY_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={footerLink}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            © {BRAND.copyrightYear} {BRAND.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-4">
              {LEGAL_LINKS.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className={footerLink}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
