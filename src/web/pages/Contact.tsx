import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { ApiRequestError, apiRequest } from "../api.ts";
import { contactSchema, CONTACT_MESSAGE_MAX, HONEYPOT_FIELD, type ContactInput } from "../../contact/schema.ts";
import { PageHero } from "../marketing/layout.tsx";
import { useFocusAfterBusy } from "../profile/form-state.ts";
import { usePublicConfig } from "../public-config.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";

/** Spec: three social links, placeholders until the business has its own accounts. */
const SOCIAL_LINKS = [
  { label: "Instagram", href: "https://www.instagram.com/" },
  { label: "Facebook", href: "https://www.facebook.com/" },
  { label: "X (Twitter)", href: "https://x.com/" },
] as const;

type Field = "firstName" | "lastName" | "email" | "subject" | "message";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", subject: "", message: "" };

function validate(values: Values): Errors {
  const result = contactSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function ContactPage() {
  const { supportEmail } = usePublicConfig();
  const [sent, setSent] = useState(false);
  // Set once the thank-you view has been left: the form that comes back takes the focus (not on first load).
  const [again, setAgain] = useState(false);

  return (
    <>
      <PageHero title="Contact Us" lead="Questions about a plan, your order or a custom request? Send us a message and we'll answer by e-mail." />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[1fr_2fr]">
        <aside aria-labelledby="contact-info-heading" className="h-fit rounded-xl border border-border p-6">
          <h2 id="contact-info-heading" className="text-xl font-semibold">
            Contact Information
          </h2>
          <h3 className="mt-5 text-sm font-medium text-muted-foreground">Email</h3>
          <a href={`mailto:${supportEmail}`} className="break-all font-medium text-primary underline-offset-4 hover:underline">
            {supportEmail}
          </a>
          <h3 className="mt-5 text-sm font-medium text-muted-foreground">Follow us</h3>
          <ul className="mt-1 space-y-1">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </aside>
        <div className="rounded-xl border border-border p-6 sm:p-8">
          {sent ? (
            <ThankYou
              onAgain={() => {
                setSent(false);
                setAgain(true);
              }}
            />
          ) : (
            <ContactForm supportEmail={supportEmail} onSent={() => setSent(true)} focusFirst={again} />
          )}
        </div>
      </div>
    </>
  );
}

/** Replaces the form, which had the focus: the heading takes it, so the keyboard stays here and a screen reader reads it. */
function ThankYou({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-start gap-4" data-testid="contact-thank-you">
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        Thank you for your message!
      </h2>
      <p className="text-muted-foreground">We've received it and will get back to you by e-mail as soon as possible.</p>
      <button type="button" onClick={onAgain} className={buttonClass("primary", "lg")}>
        Send Another Message
      </button>
    </div>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

function ContactForm({ supportEmail, onSent, focusFirst }: { supportEmail: string; onSent: () => void; focusFirst: boolean }) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // Sending needs JavaScript; until the page is hydrated the button stays disabled and the note below says why.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);
  useEffect(() => {
    if (focusFirst) document.getElementById("contact-firstName")?.focus();
  }, [focusFirst]);

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Once a field shows an error, it is checked again as the person types, so the message goes away when fixed.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next)[field] }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    const first = (Object.keys(EMPTY) as Field[]).find((f) => found[f]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      const body: ContactInput = { ...values, [HONEYPOT_FIELD]: honeypot };
      await apiRequest("POST", "/api/contact", body);
      toast({ title: "Message sent!", description: "We'll get back to you as soon as possible." });
      onSent();
    } catch (err) {
      const description = err instanceof ApiRequestError ? err.serverMessage : "Please check your connection and try again.";
      toast({ title: "Error sending message", description, variant: "destructive" });
      setPending(false);
    }
  };

  const field = (name: Field, label: string, props: { type?: string; autoComplete?: string } = {}) => (
    <div>
      <label htmlFor={`contact-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        value={values[name]}
        onChange={change(name)}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`contact-${name}-error`} message={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-heading" className="space-y-5">
      <h2 id="contact-form-heading" className="text-xl font-semibold">
        Send Us a Message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {field("firstName", "First Name", { autoComplete: "given-name" })}
        {field("lastName", "Last Name", { autoComplete: "family-name" })}
      </div>
      {field("email", "Email", { type: "email", autoComplete: "email" })}
      {field("subject", "Subject")}
      <div>
        <label htmlFor="contact-message" className="text-sm font-medium">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          value={values.message}
          onChange={change("message")}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "contact-message-error" : undefined}
          className={inputClass}
        />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      {/* The honeypot: off screen, hidden from screen readers and out of the tab order, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`contact-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
      <button ref={button} type="submit" disabled={pending || !hydrated} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
        {pending ? "Sending..." : "Send Message"}
      </button>
      <noscript>
        <p className="text-sm text-muted-foreground">
          Sending this form needs JavaScript. You can also e-mail us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </noscript>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  );
}
