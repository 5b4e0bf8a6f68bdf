import type { PublicConfig } from "./public-config.ts";

/** The product's name and the lines the shell repeats on every page. */
export const BRAND = {
  name: "ProfileBoost",
  tagline: "Expert dating profile optimization service.",
} as const;

/** The spec's three social links, in its order; the footer shows the first. */
const SOCIAL_NETWORKS = [
  { key: "instagram", label: "Instagram", home: "https://www.instagram.com/" },
  { key: "facebook", label: "Facebook", home: "https://www.facebook.com/" },
  { key: "x", label: "X (Twitter)", home: "https://x.com/" },
] as const;

export interface SocialLink {
  label: string;
  href: string;
}

/**
 * The business's own pages (SOCIAL_INSTAGRAM_URL, SOCIAL_FACEBOOK_URL, SOCIAL_X_URL); a network without one links to
 * its home page, the spec's placeholder, so an installation that has set nothing still shows the spec's links.
 */
export function socialLinks(social: PublicConfig["social"]): SocialLink[] {
  return SOCIAL_NETWORKS.map((n) => ({ label: n.label, href: social[n.key] ?? n.home }));
}
