import type { Readable } from 'node:stream';
import type { AppError } from './errors.js';

/** One part of a multipart upload as a use case reads it: a text field, or a file as a stream. */
export type TUploadPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

/** What @fastify/multipart's `request.parts()` yields (only what TUploadPart keeps). */
type TParserPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

/**
 * The parts of an upload (`request.parts()` of @fastify/multipart) as the domain reads them, each parser failure
 * (a file over the limit, too many files or fields, a malformed body) turned into the route's clear 4xx by
 * `uploadError` (the one reader of the auth verification, the work submission and the admin's welcome video uploads,
 * issue 32).
 */
export async function* uploadParts(parts: AsyncIterable<TParserPart>, uploadError: (error: unknown) => AppError): AsyncGenerator<TUploadPart> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<TParserPart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw uploadError(error);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') yield { type: 'file', fieldname: part.fieldname, filename: part.filename, file: part.file };
    else yield { type: 'field', fieldname: part.fieldname, value: part.value, valueTruncated: part.valueTruncated };
  }
}

/**
 * Reads a file part that is refused or skipped to its end and drops its bytes, so the parser moves on (an error of a
 * broken-off stream is the parser's to report, not this stream's).
 */
export function discardFile(file: Readable): void {
  file.on('error', () => undefined);
  file.resume();
}
