/** The product's name and the lines the shell repeats on every page. */
export const BRAND = {
  name: "ProfileBoost",
  tagline: "Expert dating profile optimization service.",
  copyrightYear: 2025,
  social: { label: "Instagram", href: "https://www.instagram.com/" },
} as const;
