import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { contactSchema, CONTACT_MESSAGE_MAX, HONEYPOT_FIELD, type ContactInput } from "../../shared/contact/schema.ts";
import { apiRequest, messageOf } from "../api.ts";
import { socialLinks } from "../brand.ts";
import { PageHero } from "../marketing/layout.tsx";
import { usePublicConfig } from "../public-config.ts";
import { useToast } from "../toast.ts";
import { buttonClass } from "../ui/button.ts";
import { controlClass, Field } from "../ui/field.tsx";
import { island } from "../island.tsx";
import { fieldErrors } from "../ui/field-errors.ts";
import { focusFirst, useFocusAfterBusy } from "../ui/focus.ts";
import { useHydrated } from "../ui/hydrated.ts";

type ContactField = "firstName" | "lastName" | "email" | "subject" | "message";
type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", subject: "", message: "" };

function validate(values: Values): Errors {
  const result = contactSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/** The page is server HTML; the form and its thank-you view are the island (issue 22). */
export function ContactPage() {
  const { supportEmail, social } = usePublicConfig();
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
            {socialLinks(social).map((s) => (
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
          <ContactMessageForm />
        </div>
      </div>
    </>
  );
}

export const ContactMessageForm = island("ContactMessageForm", MessageCard);

function MessageCard() {
  const { supportEmail } = usePublicConfig();
  const [sent, setSent] = useState(false);
  // Set once the thank-you view has been left: the form that comes back takes the focus (not on first load).
  const [again, setAgain] = useState(false);
  return sent ? (
    <ThankYou
      onAgain={() => {
        setSent(false);
        setAgain(true);
      }}
    />
  ) : (
    <ContactForm supportEmail={supportEmail} onSent={() => setSent(true)} startFocused={again} />
  );
}

/**
 * Replaces the form, which had the focus: the heading takes it, so the keyboard stays here and a screen reader reads
 * it. The form was taller, so on a phone the heading can end up under the sticky header, which the browser's own
 * focus scrolling counts as on screen. So it is focused without scrolling and then scrolled into view, its scroll
 * margin (taller than the header) keeping it below the header.
 */
function ThankYou({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div className="flex flex-col items-start gap-4" data-testid="contact-thank-you">
      <h2 ref={heading} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold outline-none">
        Thank you for your message!
      </h2>
      <p className="text-muted-foreground">We've received it and will get back to you by e-mail as soon as possible.</p>
      <button type="button" onClick={onAgain} className={buttonClass("primary", "lg")}>
        Send Another Message
      </button>
    </div>
  );
}

function ContactForm({ supportEmail, onSent, startFocused }: { supportEmail: string; onSent: () => void; startFocused: boolean }) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  // Sending needs JavaScript; until the page is hydrated the button stays disabled and the note below says why.
  const hydrated = useHydrated();
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);
  useEffect(() => {
    if (startFocused) document.getElementById("contact-firstName")?.focus();
  }, [startFocused]);

  const change = (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Once a field shows an error, it is checked again as the person types, so the message goes away when fixed.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next)[field] }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(e.currentTarget, Object.keys(found).map((f) => `contact-${f}`));
      return;
    }
    setPending(true);
    try {
      const body: ContactInput = { ...values, [HONEYPOT_FIELD]: honeypot };
      await apiRequest("POST", "/api/contact", body);
      toast({ title: "Message sent!", description: "We'll get back to you as soon as possible." });
      onSent();
    } catch (err) {
      const description = messageOf(err, "Please check your connection and try again.");
      toast({ title: "Error sending message", description, variant: "destructive" });
      setPending(false);
    }
  };

  const textInput = (name: Exclude<ContactField, "message">, label: string, props: { type?: string; autoComplete?: string } = {}) => (
    <Field id={`contact-${name}`} label={label} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          value={values[name]}
          onChange={change(name)}
          required
          className={controlClass.input}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-heading" className="space-y-5">
      <h2 id="contact-form-heading" className="text-xl font-semibold">
        Send Us a Message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {textInput("firstName", "First Name", { autoComplete: "given-name" })}
        {textInput("lastName", "Last Name", { autoComplete: "family-name" })}
      </div>
      {textInput("email", "Email", { type: "email", autoComplete: "email" })}
      {textInput("subject", "Subject")}
      <Field id="contact-message" label="Message" error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX}
            value={values.message}
            onChange={change("message")}
            required
            className={controlClass.textarea}
          />
        )}
      </Field>
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
