import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import send from '@fastify/send';
import { ZWelcomeVideoSchema } from '@platform/contracts';
import { AppError, authUserOf, discardFile, discardRefusedBody, hasBody, isMultipartContentType, uploadParts, type TApp, type TRouteDeps, type TUploadPart } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ERRORS } from '../../domain/admin.errors.js';
import { findServedWelcomeVideo, getWelcomeVideo, replaceWelcomeVideo, WELCOME_VIDEO_URL, type TWelcomeVideoDeps } from '../../domain/welcome-video.use-case.js';

/** A week, then revalidated with its ETag and Last-Modified (which change with the file), as the gateway did. */
const VIDEO_CACHE_CONTROL = 'public, max-age=604800';
/** Room for the multipart envelope around the file when judging a declared Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function uploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return ADMIN_ERRORS.welcomeVideoTooLarge(maxBytes);
  return ADMIN_ERRORS.welcomeVideoMalformed();
}

/** The `video` file part of the upload (other fields are ignored; a second file is refused by the parser's limit). */
async function videoPart(request: FastifyRequest, maxBytes: number): Promise<Extract<TUploadPart, { type: 'file' }>> {
  for await (const part of uploadParts(request.parts(), (error) => uploadError(error, maxBytes))) {
    if (part.type === 'file' && part.fieldname === 'video') return part;
    if (part.type === 'file') discardFile(part.file);
  }
  throw ADMIN_ERRORS.welcomeVideoMissing();
}

/**
 * GET, POST /api/admin/settings/welcome-video (admins; the upload is multipart with one file part `video`) and the
 * public GET/HEAD /assets/welcome-video (the gateway routes that path here), which sends the current video with byte
 * ranges (206, 416), ETag and Last-Modified revalidation (304) and a week of caching.
 */
export function registerWelcomeVideoRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWelcomeVideoDeps>): void {
  const drainLimit = deps.maxBytes + MULTIPART_OVERHEAD_BYTES;

  app.get('/api/admin/settings/welcome-video', { onRequest: hooks.requireAdmin, schema: { response: { 200: ZWelcomeVideoSchema } } }, async () =>
    getWelcomeVideo(deps),
  );

  app.post(
    '/api/admin/settings/welcome-video',
    {
      onRequest: hooks.requireAdmin,
      // Before a byte of the body is read: not multipart (415), or declared larger than the limit (413).
      preParsing: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const refusal = hasBody(request) && !isMultipartContentType(request.headers['content-type'])
          ? ADMIN_ERRORS.welcomeVideoNotMultipart()
          : declared > drainLimit
            ? ADMIN_ERRORS.welcomeVideoTooLarge(deps.maxBytes)
            : undefined;
        if (refusal) {
          discardRefusedBody(request, reply, drainLimit);
          throw refusal;
        }
      },
      schema: { response: { 200: ZWelcomeVideoSchema } },
    },
    async (request, reply) => {
      try {
        if (!isMultipartContentType(request.headers['content-type'])) throw ADMIN_ERRORS.welcomeVideoNotMultipart();
        const part = await videoPart(request, deps.maxBytes);
        return await replaceWelcomeVideo(deps, authUserOf(request).userId, part.file);
      } catch (error) {
        // What is left of a refused upload is read and discarded (bounded), so the client hears the answer.
        discardRefusedBody(request, reply, drainLimit);
        throw uploadError(error, deps.maxBytes);
      }
    },
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const video = await findServedWelcomeVideo(deps);
    if (!existsSync(video.path)) throw ADMIN_ERRORS.welcomeVideoUnavailable();
    const result = await send(request.raw, `/${encodeURIComponent(basename(video.path))}`, {
      root: dirname(video.path),
      dotfiles: 'allow',
      cacheControl: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
    });
    if (result.statusCode === 416) {
      void reply.header('content-range', result.headers['Content-Range']);
      throw ADMIN_ERRORS.welcomeVideoRangeNotSatisfiable();
    }
    if (result.statusCode === 412) throw ADMIN_ERRORS.welcomeVideoChanged();
    if (result.type !== 'file') throw ADMIN_ERRORS.welcomeVideoUnavailable();
    void reply.code(result.statusCode).headers(result.headers).header('cache-control', VIDEO_CACHE_CONTROL);
    if (result.statusCode !== 304) void reply.type(video.contentType);
    return reply.send(result.stream);
  };
  app.get(
    WELCOME_VIDEO_URL,
    { schema: { summary: 'The welcome video (public; byte ranges, ETag/Last-Modified revalidation, a week of caching)' } },
    serve,
  );
}
