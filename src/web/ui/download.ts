/**
 * Saves a file the API answered (a data export) under the name its Content-Disposition gives: fetched with the
 * request's own body and headers, so a POST can be downloaded, which a plain link cannot do. Answers the name.
 */
export async function saveDownload(res: Response, fallbackName: string): Promise<string> {
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the URL is freed a little later for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
