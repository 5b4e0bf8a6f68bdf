/** Spec section 3, Testimonial: stars in half steps, quote, first name, the app matched on, image. */
export interface Testimonial {
  stars: number;
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    stars: 5,
    quote: "My old bio was a list of hobbies. The rewrite sounded like me on a good day, and my first new match asked about it straight away.",
    name: "Sarah",
    role: "Matched on Hinge",
  },
  {
    stars: 5,
    quote: "They told me to lead with the hiking photo and drop the blurry group shot. Small change, completely different conversations.",
    name: "Michael",
    role: "Matched on Bumble",
  },
  {
    stars: 4.5,
    quote: "The conversation starters took the pressure off the first message. I'd have liked a second revision, but the first one nailed it.",
    name: "Jessica",
    role: "Matched on Tinder",
  },
];

/** The four couple pictures of Success Stories: illustrations, not photographs of customers. */
export const COUPLE_IMAGES: readonly { src: string; alt: string }[] = [
  { src: "/images/couple-1.webp", alt: "Illustration of a smiling couple under a pink heart" },
  { src: "/images/couple-2.webp", alt: "Illustration of a couple side by side on a light blue background" },
  { src: "/images/couple-3.webp", alt: "Illustration of a happy couple under a heart on a mint green background" },
  { src: "/images/couple-4.webp", alt: "Illustration of a couple smiling together on a warm orange background" },
];
