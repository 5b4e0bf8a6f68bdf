import { ApiRequestError, apiRequest, messageOf } from "../api.ts";
import type { ToastInput } from "../toast.ts";
import type { AdminAction, AdminProfileDetail, PartsConflictAnswer } from "./types.ts";

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

async function serverMessage(res: Response): Promise<string | undefined> {
  const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
  return typeof answer.message === "string" && answer.message ? answer.message : undefined;
}

export type DetailAnswer =
  | { ok: true; detail: AdminProfileDetail }
  | { ok: false; status: number | null; message: string; conflict?: PartsConflictAnswer };

/**
 * The review gate's writes (PUT …/parts, POST …/draft): each names the version the admin read, and answers the new
 * detail; a 409 (the version moved on, a refund, a state that allows no edit) comes back with the server's message.
 */
/** A save that met other saves part by part (PUT …/parts's 409 with `conflicts`), or nothing. */
function conflictOf(body: string): { conflict?: PartsConflictAnswer } {
  try {
    const parsed = JSON.parse(body) as Partial<PartsConflictAnswer>;
    return Array.isArray(parsed.conflicts) && parsed.profile ? { conflict: parsed as PartsConflictAnswer } : {};
  } catch {
    return {};
  }
}

export async function writeDetail(profileId: string, method: "PUT" | "POST", part: "parts" | "draft" | "stands" | `versions/${number}/restore`, body: unknown): Promise<DetailAnswer> {
  try {
    const res = await apiRequest(method, `/api/admin/profiles/${encodeURIComponent(profileId)}/${part}`, body);
    return { ok: true, detail: (await res.json()) as AdminProfileDetail };
  } catch (err) {
    const answer = { ok: false as const, status: err instanceof ApiRequestError ? err.status : null, message: messageOf(err, CONNECTION) };
    return err instanceof ApiRequestError && err.status === 409 ? { ...answer, ...conflictOf(err.body) } : answer;
  }
}
