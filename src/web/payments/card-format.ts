/** The manual and local card forms' input rules (spec section 5): number in groups of four, expiry MM/YY, CVC digits. */

export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVC_MAX = 3;

/** "4242424242424242" → "4242 4242 4242 4242"; non-digits dropped, at most 16 digits (19 characters). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1234" → "12/34"; a slash is added after the month. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(input: string): string {
  return input.replace(/\D/g, "").slice(0, CVC_MAX);
}

export function lastFour(cardNumber: string): string {
  return cardNumber.replace(/\D/g, "").slice(-4);
}
