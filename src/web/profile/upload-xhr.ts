import { ApiRequestError } from "../api.ts";

/**
 * A multipart POST through XMLHttpRequest, because fetch cannot report how much of a request body has been sent:
 * the upload events drive the form's progress bar. It answers like the API client (src/web/api.ts): a non-OK
 * answer is an ApiRequestError with the status and body, and no answer at all is a TypeError, as fetch reports it.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far, and in all (the multipart framing included). */
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** The whole body has left the browser; the server is now reading it. */
  onSent?: () => void;
  signal?: AbortSignal;
}

export function postMultipart<T>(url: string, form: FormData, { onProgress, onSent, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    // Spec section 7: every call sends cookies.
    xhr.withCredentials = true;
    // Listeners on xhr.upload go on before send(), or the browser may not report upload progress at all.
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    });
    xhr.upload.addEventListener("load", () => onSent?.());
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new Error("The server's answer could not be read."));
        }
      } else {
        reject(new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText));
      }
    });
    xhr.addEventListener("error", () => reject(new TypeError("Network request failed")));
    xhr.addEventListener("abort", () => reject(signal?.reason ?? new DOMException("The upload was stopped.", "AbortError")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
