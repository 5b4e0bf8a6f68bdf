import { useEffect, useRef, useState, type ChangeEvent, type MouseEvent } from "react";
import { CONTACT_MESSAGE_MAX, HONEYPOT_FIELD } from "../../shared/contact/limits.ts";
import type { ContactInput } from "../../shared/contact/schema.ts";
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
import { onFirstUse, useOneSubmitAtATime } from "../ui/on-first-use.ts";
import { useTypedBeforeHydration } from "../ui/typed-before-hydration.ts";

export type ContactField = "firstName" | "lastName" | "email" | "subject" | "message";
export type ContactValues = Record<ContactField, string>;
/** A problem per field, and `form` for one that belongs to no field (too many messages, a form that is not a form). */
export type ContactErrors = Partial<Record<ContactField | "form", string>>;

/**
 * What the server answers a form posted without JavaScript with (POST /contact, src/api/contact-page.tsx): the values
 * and errors to draw again, or `sent` for the thank-you view.
 */
export interface ContactFormState {
  values: ContactValues;
  errors: ContactErrors;
  sent: boolean;
}

export const CONTACT_PATH = "/contact";
export const EMPTY_CONTACT: ContactValues = { firstName: "", lastName: "", email: "", subject: "", message: "" };

/** The schema and zod, fetched on the form's first focus rather than with the page (decision 147). */
const contactRules = onFirstUse(() => import("../../shared/contact/schema.ts"));

function validate(rules: NonNullable<ReturnType<typeof contactRules.loaded>>, values: ContactValues): ContactErrors {
  const result = rules.contactSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * The page is server HTML; the form and its thank-you view are the island (issue 22). The form posts to this page
 * without JavaScript (decision 148); `state` is the server's answer to such a post.
 */
export function ContactPage({ state }: { state?: ContactFormState }) {
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
          <ContactMessageForm {...(state && { state })} />
        </div>
      </div>
    </>
  );
}

export const ContactMessageForm = island("ContactMessageForm", MessageCard);

function MessageCard({ state }: { state?: ContactFormState }) {
  const [sent, setSent] = useState(state?.sent ?? false);
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
    <ContactForm onSent={() => setSent(true)} startFocused={again} initial={again || state?.sent ? undefined : state} />
  );
}

/**
 * Replaces the form, which had the focus: the heading takes it, so the keyboard stays here and a screen reader reads
 * it. The form was taller, so on a phone the heading can end up under the sticky header, which the browser's own
 * focus scrolling counts as on screen. So it is focused without scrolling and then scrolled into view, its scroll
 * margin (taller than the header) keeping it below the header.
 */
function ThankYou({ onAgain }: { onAgain: () => void }) {
  // Without JavaScript the button asks for the empty form again; with it, the form comes back in place, focused.
  const again = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    onAgain();
  };
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
      <form method="get" action={CONTACT_PATH}>
        <button type="submit" onClick={again} className={buttonClass("primary", "lg")}>
          Send Another Message
        </button>
      </form>
    </div>
  );
}

function ContactForm({ onSent, startFocused, initial }: { onSent: () => void; startFocused: boolean; initial?: ContactFormState }) {
  const toast = useToast();
  const [values, setValues] = useState<ContactValues>(initial?.values ?? EMPTY_CONTACT);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<ContactErrors>(initial?.errors ?? {});
  const [pending, setPending] = useState(false);
  const button = useFocusAfterBusy<HTMLButtonElement>(pending);
  // Typed before the island hydrated (the form is the server's HTML, and posts without JavaScript too): kept.
  const formRef = useTypedBeforeHydration((typed) => {
    const { [HONEYPOT_FIELD]: bot, ...fields } = typed;
    if (bot !== undefined) setHoneypot(bot);
    setValues((v) => ({ ...v, ...fields }));
  });
  useEffect(() => {
    if (startFocused) document.getElementById("contact-firstName")?.focus();
  }, [startFocused]);

  const change = (field: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Once a field shows an error, it is checked again as the person types, so the message goes away when fixed.
    if (errors[field]) {
      void contactRules.load().then(
        (rules) => setErrors((prev) => ({ ...prev, [field]: validate(rules, next)[field] })),
        () => {}, // said when the form is sent
      );
    }
  };

  const submit = useOneSubmitAtATime(async (form) => {
    let rules: NonNullable<ReturnType<typeof contactRules.loaded>>;
    try {
      rules = await contactRules.load();
    } catch {
      toast({ title: "Error sending message", description: "Please check your connection and try again.", variant: "destructive" });
      return;
    }
    const found = validate(rules, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(form, Object.keys(found).map((f) => `contact-${f}`));
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
  });

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
    <form
      ref={formRef}
      method="post"
      action={CONTACT_PATH}
      onSubmit={submit}
      onFocus={() => contactRules.load().catch(() => {})}
      noValidate
      aria-labelledby="contact-form-heading"
      className="space-y-5"
    >
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
      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <button ref={button} type="submit" disabled={pending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
        {pending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
