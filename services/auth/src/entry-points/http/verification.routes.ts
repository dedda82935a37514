import {
  MAX_VERIFICATION_IMAGE_BYTES,
  VERIFICATION_FILE_KINDS,
  ZActivityPageSchema,
  ZActivityQuerySchema,
  ZAdminVerificationSchema,
  ZAdminVerificationsQuerySchema,
  ZAdminVerificationPageSchema,
  ZIdParamsSchema,
  ZMyVerificationSchema,
  ZVerificationDecisionSchema,
  NOT_FOUND_ISSUE_PARAM,
  ZTextSchema,
  type TVerificationFileKind,
} from '@platform/contracts';
import { AppError, authUserOf, COMMON_ERRORS, discardRefusedBody, hasBody, isMultipartContentType, uploadParts, type TApp, type TRouteDeps } from '@platform/service-kit';
import { activityLanguageOf } from '../../domain/activity-texts.js';
import { getMyActivity } from '../../domain/activity.use-case.js';
import { AUTH_ERRORS } from '../../domain/auth.errors.js';
import { applyForVerification, getMyVerification } from '../../domain/verification.use-case.js';
import type { TVerificationDeps } from '../../domain/verification-deps.js';
import { decideVerificationAsAdmin, getVerificationForAdmin, listVerificationsForAdmin, viewVerificationImage } from '../../domain/verification-review.use-case.js';

const ZVerificationParamsSchema = ZIdParamsSchema(AUTH_ERRORS.verificationNotFound);
const FILE_NOT_FOUND = AUTH_ERRORS.verificationFileNotFound();
const ZFileParamsSchema = ZVerificationParamsSchema.extend({
  // Anything but selfie or document names no file: the file's 404, like an unknown id.
  file: ZTextSchema('File')
    .refine((value) => (VERIFICATION_FILE_KINDS as readonly string[]).includes(value), { message: FILE_NOT_FOUND.message, params: { [NOT_FOUND_ISSUE_PARAM]: FILE_NOT_FOUND.code } })
    .transform((value) => value as TVerificationFileKind),
});

/**
 * What is left of a refused application is read to its end up to the largest valid one (two 10 MB photos and the
 * fields), so the gateway, still streaming it, passes the answer on; past that the connection is closed.
 */
const VERIFICATION_DRAIN_LIMIT_BYTES = 2 * MAX_VERIFICATION_IMAGE_BYTES + 1024 * 1024;

/** Errors raised by the multipart parser, as the worker's screen should read them. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AUTH_ERRORS.photoTooLarge();
    case 'FST_FILES_LIMIT':
      return COMMON_ERRORS.validation('Send exactly two photos: selfieFile and documentFile');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return COMMON_ERRORS.validation('Too many fields in the upload');
    default:
      return AUTH_ERRORS.malformedUpload();
  }
}

/**
 * The worker's identity verification (GET, POST /api/user/verification), activity history (GET
 * /api/user/activity) and the admins' review (/api/admin/verifications...).
 */
export function registerVerificationRoutes(app: TApp, { deps, hooks }: TRouteDeps<TVerificationDeps>): void {
  app.get('/api/user/verification', { onRequest: hooks.authenticate, schema: { response: { 200: ZMyVerificationSchema } } }, async (request) =>
    getMyVerification(deps, authUserOf(request).userId),
  );

  // Counted per user and per address, and the media type checked, before the body is read (preParsing): a refused
  // upload costs a Redis call, and what is left of its body is discarded (bounded) or the connection closed.
  app.post(
    '/api/user/verification',
    {
      onRequest: hooks.authenticate,
      preParsing: async (request, reply) => {
        try {
          await deps.uploads.count(authUserOf(request).userId, request.ip);
          // A body that is not multipart is refused unread; a POST with no body is refused by the handler, after its params.
          if (hasBody(request) && !isMultipartContentType(request.headers['content-type'])) throw AUTH_ERRORS.verificationNotMultipart();
        } catch (error) {
          discardRefusedBody(request, reply, VERIFICATION_DRAIN_LIMIT_BYTES);
          throw error;
        }
      },
      schema: { response: { 201: ZMyVerificationSchema } },
    },
    async (request, reply) => {
      try {
        if (!isMultipartContentType(request.headers['content-type'])) throw AUTH_ERRORS.verificationNotMultipart();
        const result = await applyForVerification(deps, authUserOf(request).userId, uploadParts(request.parts(), uploadError));
        return reply.status(201).send(result);
      } catch (error) {
        // Whatever is left of a refused upload is read and discarded (bounded), so the client gets the answer.
        discardRefusedBody(request, reply, VERIFICATION_DRAIN_LIMIT_BYTES);
        throw error;
      }
    },
  );

  app.get(
    '/api/user/activity',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: "A page of the caller's activity history, newest first",
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor; texts in lang " +
          '(else Accept-Language). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZActivityQuerySchema,
        response: { 200: ZActivityPageSchema },
      },
    },
    async (request) => {
      const language = activityLanguageOf(request.query.lang, request.headers['accept-language']);
      return getMyActivity(deps.pool, authUserOf(request).userId, request.query, language);
    },
  );

  app.get(
    '/api/admin/verifications',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of identity applications (admin): the queue (pending, oldest first) or the decided ones (newest decision first)',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor. Lists (status): " +
          'pending (default; all when userId is given), approved, rejected, all (newest application first). Filters: userId, search ' +
          "(part of the applicant's e-mail or name, 3+ characters), from/to (the application's time; the decision's for approved " +
          'and rejected). Document numbers masked. An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminVerificationsQuerySchema,
        response: { 200: ZAdminVerificationPageSchema },
      },
    },
    async (request) => listVerificationsForAdmin(deps, request.query),
  );

  app.get(
    '/api/admin/verifications/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZVerificationParamsSchema, response: { 200: ZAdminVerificationSchema } } },
    async (request) => getVerificationForAdmin(deps, request.params.id),
  );

  app.patch(
    '/api/admin/verifications/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZVerificationParamsSchema, body: ZVerificationDecisionSchema, response: { 200: ZAdminVerificationSchema } } },
    async (request) => decideVerificationAsAdmin(deps, authUserOf(request).userId, request.params.id, request.body),
  );

  app.get('/api/admin/verifications/:id/files/:file', { onRequest: hooks.requireAdmin, schema: { params: ZFileParamsSchema } }, async (request, reply) => {
    const image = await viewVerificationImage(deps, authUserOf(request).userId, request.params.id, request.params.file);
    return reply
      .header('content-type', image.mimeType)
      .header('cache-control', 'no-store, private, max-age=0')
      .header('pragma', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${request.params.file}"`)
      .send(image.data);
  });
}
