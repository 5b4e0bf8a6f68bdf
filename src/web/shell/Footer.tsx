import { Link } from "../navigation.tsx";
import { BRAND, socialLinks } from "../brand.ts";
import { usePublicConfig } from "../public-config.ts";
import { Logo } from "./Logo.tsx";

/** With the company links below, every marketing page is one link away from every page. */
const EXPLORE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/pricing", label: "Pricing" },
] as const;

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

type FooterLink = { to: string; label: string };

function LinkList({ links, className }: { links: readonly FooterLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.label}>
          <Link to={l.to} className={footerLink}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LinkColumn({ label, links }: { label: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={label}>
      <h2 className="mb-3 text-sm font-semibold">{label}</h2>
      <LinkList links={links} className="space-y-2" />
    </nav>
  );
}

export function Footer() {
  // The spec's one social link: the business's own Instagram page when SOCIAL_INSTAGRAM_URL is set.
  const social = socialLinks(usePublicConfig().social)[0]!;
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{BRAND.tagline}</p>
          <a href={social.href} className={footerLink} rel="noopener noreferrer" target="_blank">
            {social.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <LinkColumn label="Explore" links={EXPLORE_LINKS} />
        <LinkColumn label="Company" links={COMPANY_LINKS} />
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {/* The year from the clock where the page is drawn; the browser keeps the server's on the night it turns. */}
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {BRAND.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <LinkList links={LEGAL_LINKS} className="flex flex-wrap gap-4" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
