export const DOCUMENT_PREVIEW_LENGTH = 200;

/** Elements that end a line or a block: their text must not run into the next ("Safety" + "Version two"). */
const BREAKING = 'address, article, aside, blockquote, br, dd, div, dl, dt, figcaption, figure, footer, h1, h2, h3, h4, h5, h6, header, hr, li, main, nav, ol, p, pre, section, table, td, th, tr, ul';

/** The document's text without markup (DOMParser runs no scripts and loads nothing). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll(BREAKING)) element.after(doc.createTextNode(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The first 200 characters, with an ellipsis when the document is longer (spec 01 s.4). */
export function previewOf(html: string): { text: string; truncated: boolean } {
  const text = htmlToText(html);
  if (text.length <= DOCUMENT_PREVIEW_LENGTH) return { text, truncated: false };
  return { text: `${text.slice(0, DOCUMENT_PREVIEW_LENGTH).trimEnd()}…`, truncated: true };
}
