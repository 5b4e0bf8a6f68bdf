import { apiRequest, messageOf } from "../api.ts";
import type { ToastInput } from "../toast.ts";
import type { AdminAction } from "./types.ts";

interface ActionText {
  /** The button. */
  label: string;
  /** The toasts of spec section 8 (the refund's are ours: the spec has no refunds). */
  done: string;
  failed: string;
}

export const ACTIONS: Record<AdminAction, ActionText> = {
  "send-email": { label: "Send Optimization Email", done: "Email Sent", failed: "Failed to Send Email" },
  regenerate: { label: "Regenerate Optimization", done: "Optimization Regenerated", failed: "Failed to Regenerate" },
  recover: { label: "Recover", done: "Profile Recovery Started", failed: "Recovery Failed" },
  "process-revision": { label: "Process Revision Request", done: "Revision Request Processed", failed: "Failed to Process Revision" },
  refund: { label: "Refund", done: "Refund Issued", failed: "Refund Failed" },
};

export const EMAIL_ALREADY_SENT = "Email Already Sent";

const CONNECTION = "Please check your connection and try again.";

/**
 * POST /api/admin/profiles/:id/<action>, told as the spec's toast: the server's message is the description either way
 * (a refused action is a 409 whose message says why). Answers whether it was done.
 */
export async function runAction(profileId: string, action: AdminAction, toast: (t: ToastInput) => void, body?: unknown): Promise<boolean> {
  const text = ACTIONS[action];
  try {
    const res = await apiRequest("POST", `/api/admin/profiles/${encodeURIComponent(profileId)}/${action}`, body);
    toast({ title: text.done, description: await serverMessage(res) });
    return true;
  } catch (err) {
    toast({ title: text.failed, description: messageOf(err, CONNECTION), variant: "destructive" });
    return false;
  }
}

/** PATCH a profile's content; the toasts are the caller's (each form has its own pair). */
export async function patchProfile(profileId: string, part: "update" | "update-premium-content", body: unknown): Promise<{ ok: true; message?: string } | { ok: false; message: string }> {
  try {
    const res = await apiRequest("PATCH", `/api/admin/profiles/${encodeURIComponent(profileId)}/${part}`, body);
    return { ok: true, message: await serverMessage(res) };
  } catch (err) {
    return { ok: false, message: messageOf(err, CONNECTION) };
  }
}

async function serverMessage(res: Response): Promise<string | undefined> {
  const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
  return typeof answer.message === "string" && answer.message ? answer.message : undefined;
}
