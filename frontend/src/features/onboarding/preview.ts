export const DOCUMENT_PREVIEW_LENGTH = 200;

/** The document's text without markup (DOMParser runs no scripts and loads nothing). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The first 200 characters, with an ellipsis when the document is longer (spec 01 s.4). */
export function previewOf(html: string): { text: string; truncated: boolean } {
  const text = htmlToText(html);
  if (text.length <= DOCUMENT_PREVIEW_LENGTH) return { text, truncated: false };
  return { text: `${text.slice(0, DOCUMENT_PREVIEW_LENGTH).trimEnd()}…`, truncated: true };
}
