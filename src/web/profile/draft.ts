import { useCallback, useEffect, useRef, useState } from "react";
import type { Values } from "./AppSections.tsx";

/**
 * Drafts of the profile forms, so nothing typed or chosen is lost to a reload, the browser's Back from the payment
 * page, or "Cancel and return". The text goes to sessionStorage (this tab only, gone with it); the photos, already
 * checked and shrunk, go to IndexedDB, which outlives the tab, so each record belongs to one tab's session (a random
 * id kept in its sessionStorage: another tab or a later visit cannot find it) and is removed after a day at most.
 * A draft is removed once its profile is saved with nothing left to pay, or on the success page after payment.
 */

/** How long a draft is kept: long enough for a customer who pauses, not long on a shared computer. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

const TEXT_PREFIX = "profile-draft:";
const SESSION_KEY = "profile-draft-session";
const DB_NAME = "profile-drafts";
const STORE = "photos";

/** A profile already sent and the order made for it: going back to pay it again needs neither a second time. */
export interface SentProfile {
  profileId: string;
  orderId: string;
  /** The form's cancel URL (cancelReturnUrl): the way back to it from any payment page of this order. */
  cancelUrl?: string;
}

interface TextDraft {
  savedAt: number;
  values: Values;
  sent?: SentProfile;
}

interface PhotoRecord {
  id: string;
  savedAt: number;
  files: { name: string; type: string; lastModified: number; data: Blob }[];
}

/**
 * The draft key of a form: the form and whatever it is for (the plan, or the paid order), so a draft for one plan
 * never fills the form of another, and the paid-first form of one order never shows another order's answers.
 */
export function draftKey(form: string, ...about: (string | null | undefined)[]): string {
  return [form, ...about.filter(Boolean)].join(":");
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage disabled by the browser: no drafts, the form works as before.
    return null;
  }
}

function sessionId(create: boolean): string | null {
  const storage = session();
  if (!storage) return null;
  let id = storage.getItem(SESSION_KEY);
  if (!id && create) {
    id = crypto.randomUUID();
    storage.setItem(SESSION_KEY, id);
  }
  return id;
}

function readText(key: string, now = Date.now()): TextDraft | null {
  const raw = session()?.getItem(TEXT_PREFIX + key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as TextDraft;
    if (typeof draft.savedAt !== "number" || now - draft.savedAt > DRAFT_TTL_MS || typeof draft.values !== "object" || !draft.values) {
      session()?.removeItem(TEXT_PREFIX + key);
      return null;
    }
    const values: Values = {};
    for (const [name, value] of Object.entries(draft.values)) if (typeof value === "string") values[name] = value;
    return { savedAt: draft.savedAt, values, sent: sentProfile(draft.sent) };
  } catch {
    return null;
  }
}

function sentProfile(sent: SentProfile | undefined): SentProfile | undefined {
  if (!sent || typeof sent.profileId !== "string" || typeof sent.orderId !== "string") return undefined;
  const { profileId, orderId, cancelUrl } = sent;
  // A path of this site only: it becomes a link.
  return typeof cancelUrl === "string" && cancelUrl.startsWith("/") && !cancelUrl.startsWith("//") ? { profileId, orderId, cancelUrl } : { profileId, orderId };
}

function writeText(key: string, draft: Omit<TextDraft, "savedAt">): void {
  try {
    session()?.setItem(TEXT_PREFIX + key, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Full or disabled storage: the draft is a convenience, never a reason to fail the form.
  }
}

/** The text part of a draft (values and the profile already sent), or null when there is none or it expired. */
export function readTextDraft(key: string, now?: number): { values: Values; sent?: SentProfile } | null {
  const draft = readText(key, now);
  return draft && { values: draft.values, sent: draft.sent };
}

export function saveTextDraft(key: string, values: Values): void {
  writeText(key, { values, sent: readText(key)?.sent });
}

/** Remembers (or, with null, forgets) the profile and order sent from this draft. */
export function saveSentProfile(key: string, sent: SentProfile | null): void {
  const draft = readText(key);
  writeText(key, { values: draft?.values ?? {}, sent: sent ?? undefined });
}

/** The way back to the form of this tab that sent the order (its cancel URL), or null when no draft knows the order. */
export function formOfOrder(orderId: string): string | null {
  const storage = session();
  if (!storage) return null;
  for (const name of Object.keys(storage)) {
    const sent = name.startsWith(TEXT_PREFIX) ? readText(name.slice(TEXT_PREFIX.length))?.sent : undefined;
    if (sent?.orderId === orderId && sent.cancelUrl) return sent.cancelUrl;
  }
  return null;
}

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    // Private modes and disabled storage: no photo drafts.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/** Store calls run in the order asked, so a quick add-then-remove can never end as "added". */
let lastWrite: Promise<unknown> = Promise.resolve();

function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const next = lastWrite.then(() => run(mode, work));
  // A read waits for the writes asked before it; only writes hold up what comes after.
  if (mode === "readwrite") lastWrite = next;
  return next;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

/** Removes every photo record older than the time a draft is kept, whoever left it. */
async function sweepExpired(now = Date.now()): Promise<void> {
  await withStore("readwrite", (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      if (now - (c.value as PhotoRecord).savedAt > DRAFT_TTL_MS) c.delete();
      c.continue();
    };
  });
}

export async function readPhotoDraft(key: string): Promise<File[]> {
  // Every form opened sweeps, in any tab: drafts of closed tabs are removed a day after they were last saved.
  await sweepExpired();
  const id = sessionId(false);
  if (!id) return [];
  const record = await withStore<PhotoRecord | undefined>("readonly", (store) => store.get(`${id}:${key}`) as IDBRequest<PhotoRecord | undefined>);
  return (record?.files ?? []).map((f) => new File([f.data], f.name, { type: f.type, lastModified: f.lastModified }));
}

export async function savePhotoDraft(key: string, files: File[]): Promise<void> {
  const id = sessionId(files.length > 0);
  if (!id) return;
  if (files.length === 0) {
    await withStore("readwrite", (store) => store.delete(`${id}:${key}`));
    return;
  }
  const record: PhotoRecord = {
    id: `${id}:${key}`,
    savedAt: Date.now(),
    files: files.map((f) => ({ name: f.name, type: f.type, lastModified: f.lastModified, data: f })),
  };
  await withStore("readwrite", (store) => store.put(record));
}

/** Removes one form's draft (its profile is saved and nothing is left to pay). */
export async function clearDraft(key: string): Promise<void> {
  session()?.removeItem(TEXT_PREFIX + key);
  await savePhotoDraft(key, []);
}

/** Removes every draft of this tab: called once a payment is confirmed. */
export async function clearAllDrafts(): Promise<void> {
  const storage = session();
  if (!storage) return;
  for (const name of Object.keys(storage)) if (name.startsWith(TEXT_PREFIX)) storage.removeItem(name);
  const id = sessionId(false);
  if (!id) return;
  await withStore("readwrite", (store) => store.delete(IDBKeyRange.bound(`${id}:`, `${id}:\uffff`)));
}

/**
 * Keeps a form's draft: once after hydration (and again if the key changes) the saved values and photos are put
 * back through `restoreValues` and `restorePhotos`, which must not count as edits; from then on every change is
 * saved. Answers whether something was put back, so the page can say so. A null key keeps no draft.
 */
export function useDraft(
  key: string | null,
  { values, photos, restoreValues, restorePhotos }: { values: Values; photos: readonly { file: File }[]; restoreValues: (v: Values) => void; restorePhotos: (files: File[]) => void },
) {
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const callbacks = useRef({ restoreValues, restorePhotos });
  callbacks.current = { restoreValues, restorePhotos };

  useEffect(() => {
    let cancelled = false;
    setRestoredKey(null);
    if (key === null) return;
    const text = readTextDraft(key);
    if (text) callbacks.current.restoreValues(text.values);
    void readPhotoDraft(key).then((files) => {
      if (cancelled) return;
      callbacks.current.restorePhotos(files);
      setRestored(Boolean(text && Object.entries(text.values).some(([name, v]) => v && name !== "dating_app")) || files.length > 0);
      setRestoredKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  const ready = key !== null && restoredKey === key;
  useEffect(() => {
    if (ready) saveTextDraft(key!, values);
  }, [ready, key, values]);
  useEffect(() => {
    if (ready) void savePhotoDraft(key!, photos.map((p) => p.file));
  }, [ready, key, photos]);

  const clear = useCallback(async () => {
    if (key !== null) await clearDraft(key);
  }, [key]);
  return { restored, clear };
}
