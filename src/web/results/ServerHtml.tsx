/**
 * The typography of the results' HTML (bio, answers, recommendations), which has no classes of its own: the server
 * makes it from escaped text, and an administrator's edits are sanitised to a short list of text tags.
 */
const CONTENT =
  "space-y-3 leading-relaxed break-words [&>:first-child]:mt-0 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_em]:text-muted-foreground";

/**
 * HTML from the results answer, and nothing else from it, goes in here: `optimized_profile` and `recommendations`,
 * produced escaped by our server. Every other string of the answer is rendered by React as text.
 */
export function ServerHtml({ html, testId }: { html: string; testId?: string }) {
  return <div data-testid={testId} className={CONTENT} dangerouslySetInnerHTML={{ __html: html }} />;
}
