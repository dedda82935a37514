export const DOCUMENT_PREVIEW_LENGTH = 200;

/** Elements that end a line or a block: their text must not run into the next ("Safety" + "Version two"). */
const BREAKING = 'address, article, aside, blockquote, br, dd, div, dl, dt, figcaption, figure, footer, h1, h2, h3, h4, h5, h6, header, hr, li, main, nav, ol, p, pre, section, table, td, th, tr, ul';
/** Marks the end of a block while the markup's own white space is collapsed (a private-use character, not white space). */
const BLOCK_END = '\uE000';

/** The document's blocks (headings, paragraphs, list items) as lines of text, without markup (DOMParser runs no scripts and loads nothing). */
export function htmlToLines(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll(BREAKING)) element.after(doc.createTextNode(BLOCK_END));
  return (doc.body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .split(BLOCK_END)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The first 200 characters (spec 01 s.4), with an ellipsis when the document is longer: each heading and paragraph
 * on its own line (shown with white-space: pre-line), so a title never runs into the text, and without a first
 * heading that only repeats the document's title shown above the preview.
 */
export function previewOf(html: string, title?: string): { text: string; truncated: boolean } {
  const lines = htmlToLines(html);
  if (title && lines[0]?.toLowerCase() === title.trim().toLowerCase()) lines.shift();
  const text = lines.join('\n');
  if (text.length <= DOCUMENT_PREVIEW_LENGTH) return { text, truncated: false };
  return { text: `${text.slice(0, DOCUMENT_PREVIEW_LENGTH).trimEnd()}…`, truncated: true };
}
