import { useState, type FormEvent } from "react";
import { apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { focusFirst } from "../ui/focus.ts";

type Errors = Partial<Record<"current" | "next" | "again", string>>;

/**
 * "Change my password", for every account (issue 29): the current password, the new one twice. The server checks
 * the current one and signs the account out everywhere else; this browser stays signed in.
 */
export function ChangePassword() {
  const toast = useToast();
  const [values, setValues] = useState({ current: "", next: "", again: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Errors = {};
    if (!values.current) found.current = "Your current password is required";
    if (values.next.length < 12 || values.next.length > 256) found.next = "A password is 12 to 256 characters";
    else if (values.again !== values.next) found.again = "The two new passwords differ";
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(e.currentTarget, Object.keys(found).map((f) => `own-password-${f}`));
    setBusy(true);
    try {
      const res = await apiRequest("POST", "/api/admin/account/password", { current_password: values.current, new_password: values.next });
      const answer = (await res.json()) as { message?: string };
      toast({ title: "Password Changed", description: answer.message });
      setValues({ current: "", next: "", again: "" });
    } catch (err) {
      toast({ title: "Password Not Changed", description: messageOf(err, "Please check your connection and try again."), variant: "destructive" });
    }
    setBusy(false);
  };

  const field = (key: keyof Errors, label: string, autoComplete: string) => (
    <Field id={`own-password-${key}`} label={label} error={errors[key]} required>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={autoComplete}
          maxLength={256}
          required
          value={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          className={controlClass.input}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="own-password-heading" className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" data-testid="change-password">
      <h2 id="own-password-heading" className="text-xl font-semibold sm:col-span-2 lg:col-span-4">
        Change my password
      </h2>
      {field("current", "Current password", "current-password")}
      {field("next", "New password", "new-password")}
      {field("again", "New password again", "new-password")}
      <button type="submit" disabled={busy} className={buttonClass("outline", "md")}>
        {busy ? "Changing..." : "Change password"}
      </button>
    </form>
  );
}
