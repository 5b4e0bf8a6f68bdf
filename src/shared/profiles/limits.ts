/** Upload limits shared by the photo uploader (browser) and the server, so the hint shown is the limit enforced. */

export const MIN_PHOTOS = 3;
export const MAX_PHOTOS = 6;

/** Per photo, after the browser's downscaling; a 48-megapixel phone JPEG is usually under this even unscaled. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_SIZE_HINT = "10MB";

/** Pixel-flood guard: a 48 MP phone camera passes, a 30,000 x 30,000 "image" of a few bytes does not. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Long edge of the stored photo and of its thumbnail, in pixels; the browser downscales to the same edge. */
export const PHOTO_LONG_EDGE = 2048;
export const THUMB_LONG_EDGE = 400;

/** The JSON `profile` part: every text field at its maximum fits inside this even when written as \uXXXX escapes. */
export const MAX_PROFILE_PART_BYTES = 256 * 1024;

export const ACCEPTED_PHOTO_FORMATS = "JPEG, PNG, WebP, AVIF or HEIF";
