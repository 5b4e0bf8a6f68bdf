import { atom, useSetAtom } from "jotai";
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
