/**
 * News content is plain text with line breaks. What looks like markup is removed on save (tags, comments, and the
 * whole of script and style elements), so no reader (the app, an e-mail client) ever gets HTML from a news item; the
 * app shows the text as text. A <br> or the end of a paragraph, heading, list item (and other blocks) becomes a line
 * break. Runs of more than one blank line become one, and each line loses trailing blanks.
 */
export function toPlainNewsText(value: string): string {
  return value
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // A line break or the end of a block keeps its line, so 'Safety' and 'Version two' do not run together.
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|dt|dd|ul|ol|blockquote|pre|section|article|header|footer|tr|table)\s*>/gi, '\n')
    .replace(/<\/?[a-z][a-z0-9-]*\b[^>]*>/gi, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
