import { useEffect, useRef, useState, type FormEvent } from "react";
import { apiRequest, messageOf } from "../api.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { focusFirst, useFocusAfterBusy } from "../ui/focus.ts";
import type { AdminRole } from "../../shared/admin/roles.ts";
import type { AuthStatus } from "./types.ts";

type Errors = Partial<Record<"username" | "password", string>>;

/**
 * The administrator's sign-in (spec section 5: both fields required). A wrong password and the throttle both answer
 * with the server's words under "Login Failed". `focusHeading`: after signing out, the form takes the focus.
 */
export function LoginForm({ onSignedIn, focusHeading }: { onSignedIn: (username: string, role: AdminRole) => void; focusHeading: boolean }) {
  const toast = useToast();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found: Errors = {};
    if (!username.trim()) found.username = "Username is required";
    if (!password) found.password = "Password is required";
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(e.currentTarget, Object.keys(found).map((f) => `admin-${f}`));
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("POST", "/api/admin/login", { username: username.trim(), password });
      const answer = (await res.json()) as AuthStatus;
      toast({ title: "Login Successful" });
      onSignedIn(answer.username ?? username.trim(), answer.role ?? "writer");
    } catch (err) {
      toast({ title: "Login Failed", description: messageOf(err, "Login failed"), variant: "destructive" });
      setPending(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <form onSubmit={submit} noValidate aria-labelledby="admin-login-heading" className="space-y-5 rounded-xl border border-border p-6 shadow-sm sm:p-8">
        <h1 id="admin-login-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          Admin Login
        </h1>
        <p className="text-sm text-muted-foreground">Sign in to review and deliver customers' profiles.</p>
        <Field id="admin-username" label="Username" error={errors.username} required>
          {(control) => (
            <input
              {...control}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                if (errors.username && e.target.value.trim()) setErrors((prev) => ({ ...prev, username: undefined }));
              }}
              required
              className={controlClass.input}
            />
          )}
        </Field>
        <Field id="admin-password" label="Password" error={errors.password} required>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (errors.password && e.target.value) setErrors((prev) => ({ ...prev, password: undefined }));
              }}
              required
              className={controlClass.input}
            />
          )}
        </Field>
        <button ref={button} type="submit" disabled={pending} className={buttonClass("primary", "lg", "w-full")}>
          {pending ? "Signing in..." : "Sign In"}
        </button>
      </form>
    </div>
  );
}
