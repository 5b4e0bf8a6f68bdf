/**
 * Text an administrator writes (a result's parts, its HTML, premium content, a refund's reason, a sign-in name) may
 * hold line breaks and tabs but no other control character: a NUL, ESC or BEL is never typed on purpose, shows as
 * nothing or garbage on the results page and in the e-mail, and an ESC reaches a terminal reading the logs or the
 * audit. One rule for the API's schemas (src/api/admin*.ts) and any browser form that wants to check first.
 */

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether `text` holds a control character other than a line break or a tab. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The refusal, naming the field as the administrator knows it. */
export function controlCharacterMessage(field: string): string {
  return `${field} contains a control character (such as NUL, ESC or BEL); only line breaks and tabs are allowed`;
}

/** For zod's `.refine(noControlCharacter, …)`. */
export const noControlCharacter = (text: string): boolean => !hasControlCharacter(text);
