import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { controlClass, Field } from "./field.tsx";

const render = (props: Omit<Parameters<typeof Field>[0], "children">) =>
  renderToStaticMarkup(<Field {...props}>{(control) => <input {...control} className={controlClass.input} />}</Field>);

describe("Field", () => {
  test("labels its control and marks nothing while all is well", () => {
    const html = render({ id: "contact-email", label: "Email" });
    expect(html).toContain('<label for="contact-email"');
    expect(html).toContain('id="contact-email"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  test("ties the hint and the error to the control, error id <id>-error", () => {
    const html = render({ id: "field-bio", label: "Bio", hint: "Max 300 characters", error: "Bio must be at least 10 characters" });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="field-bio-hint field-bio-error"');
    expect(html).toContain('<p id="field-bio-error" class="text-sm text-danger">Bio must be at least 10 characters</p>');
  });

  test("a field with no message of its own can still be marked invalid", () => {
    const html = render({ id: "card-cvc", label: "CVC", invalid: true });
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain("aria-describedby");
  });

  test("the asterisk is for the eye only", () => {
    expect(render({ id: "field-email", label: "Email", required: true })).toContain('<span aria-hidden="true" class="text-danger"> *</span>');
  });
});
