import { MAX_PHOTO_BYTES, PHOTO_LONG_EDGE } from "../../shared/profiles/limits.ts";

/**
 * Shrinks a decoded photo in the browser to the long edge the server keeps, so a phone's 12-megapixel photo uploads
 * as a few hundred kilobytes. Photos already small enough are sent untouched, unless `reencode` asks for a JPEG
 * anyway (an HEIC photo the browser could read but the server cannot). Takes ownership of the bitmap and closes it.
 */
export async function downscaleForUpload(file: File, bitmap: ImageBitmap, { reencode = false } = {}): Promise<File> {
  const scale = Math.min(1, PHOTO_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= MAX_PHOTO_BYTES && !reencode) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const g = canvas.getContext("2d");
  if (!g) {
    bitmap.close();
    return file;
  }
  // JPEG has no transparency: paint white first, as the server does.
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) return file;
  return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg", lastModified: file.lastModified });
}
