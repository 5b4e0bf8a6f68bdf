import { atom, getDefaultStore, useSetAtom } from "jotai";
import { CARRIED_TOAST_KEY } from "./dom-markers.ts";
import { useCallback } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds on screen once shown. */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The notifications; one at a time (spec), so a new one replaces the one on screen: the latest news is the one that
 * is true now (a "Payment Failed" must not sit in front of the "Payment successful!" that followed it).
 */
export const toastQueueAtom = atom<Toast[]>([]);

let nextId = 1;

export const pushToastAtom = atom(null, (_get, set, input: ToastInput) => {
  const toast: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  set(toastQueueAtom, [toast]);
  return toast.id;
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastQueueAtom,
    get(toastQueueAtom).filter((t) => t.id !== id),
  );
});

/** `const toast = useToast(); toast({ title: "Message sent!" })` */
export function useToast() {
  const push = useSetAtom(pushToastAtom);
  return useCallback((input: ToastInput) => push(input), [push]);
}

/**
 * Keeps the toast on screen for the next page: a navigation is a full page load (issue 22), so a toast shown just
 * before one ("No profile ID provided", then the home page) would otherwise be lost. Called by useNavigate.
 */
export function carryCurrentToast(): void {
  const current = getDefaultStore().get(toastQueueAtom)[0];
  if (!current) return;
  try {
    // `page` names this document, so a toaster on this same page (one that hydrates after the navigation began)
    // leaves the toast for the next one.
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ title: current.title, description: current.description, variant: current.variant, page: performance.timeOrigin }));
  } catch {
    // No storage (private mode, quota): the toast stays with the page it was shown on.
  }
}

/** The toast the previous page carried over, once: reading it removes it. */
export function takeCarriedToast(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(CARRIED_TOAST_KEY);
    if (raw === null) return null;
    const value = parseCarried(raw);
    if (value?.page === performance.timeOrigin) return null;
    // Taken (or unreadable, then dropped too: the shell would otherwise load a toaster on every page for it).
    sessionStorage.removeItem(CARRIED_TOAST_KEY);
    if (!value || typeof value.title !== "string" || value.title === "") return null;
    return {
      title: value.title,
      description: typeof value.description === "string" ? value.description : undefined,
      variant: value.variant === "destructive" ? "destructive" : "default",
    };
  } catch {
    return null;
  }
}

function parseCarried(raw: string): (Partial<ToastInput> & { page?: unknown }) | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === "object" ? (value as Partial<ToastInput> & { page?: unknown }) : null;
  } catch {
    return null;
  }
}
