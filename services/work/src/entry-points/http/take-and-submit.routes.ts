import { z } from 'zod';
import { MAX_SUBMISSION_FILE_BYTES, MAX_SUBMISSION_FILES, ZIdParamsSchema, ZReturnTaskRequestSchema, ZReturnTaskResponseSchema, ZSubmitTaskResponseSchema, ZTakeTaskResponseSchema } from '@platform/contracts';
import { AppError, authUserOf, COMMON_ERRORS, discardRefusedBody, hasBody, isMultipartContentType, uploadParts, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { submitTask } from '../../domain/submit-task.use-case.js';
import { returnTask } from '../../domain/return-task.use-case.js';
import { takeTask } from '../../domain/take-task.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

/** Take has no payload: no body, or an empty JSON object. */
const ZTakeBodySchema = z.strictObject({}).optional().nullable();
const ZTakeParamsSchema = ZIdParamsSchema(WORK_ERRORS.taskNotFound);
/** Submitting to a task one has not taken (or that does not exist) is the same 404. */
const ZSubmitParamsSchema = ZIdParamsSchema(WORK_ERRORS.notYourTask);

/** Errors raised by the multipart parser, as the worker's screen should read them. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return WORK_ERRORS.tooManyFiles(MAX_SUBMISSION_FILES);
    case 'FST_REQ_FILE_TOO_LARGE':
      return WORK_ERRORS.fileTooLarge();
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return COMMON_ERRORS.validation('Too many fields in the upload');
    default:
      return WORK_ERRORS.malformedUpload();
  }
}

/**
 * What is left of a refused submission is read to its end up to the largest valid submission (10 files of 50 MB and
 * the text), so the gateway, still streaming it, receives the whole body and passes the answer on (a service that
 * stopped reading would make the gateway answer 502); past that the connection is closed.
 */
const SUBMISSION_DRAIN_LIMIT_BYTES = MAX_SUBMISSION_FILES * MAX_SUBMISSION_FILE_BYTES + 1024 * 1024;

/** POST /api/tasks/{id}/take, /return (hand back, optional reason) and /submit (multipart: submission + repeated files). */
export function registerTakeAndSubmitRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.post(
    '/api/tasks/:id/take',
    {
      onRequest: hooks.authenticate,
      schema: { params: ZTakeParamsSchema, body: ZTakeBodySchema, response: { 201: ZTakeTaskResponseSchema, 202: ZTakeTaskResponseSchema } },
    },
    async (request, reply) => {
      const result = await takeTask(deps, authUserOf(request).userId, request.params.id);
      return reply.status(result.status === 'assigned' ? 201 : 202).send(result);
    },
  );

  app.post(
    '/api/tasks/:id/return',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: 'Hand a taken task back before submitting it (no penalty); its slot of the task is free again',
        description:
          'Body: none, {}, or {reason} (at most 500 characters). 404 when the caller holds no assignment of the task; 409 once it is submitted or decided.',
        params: ZSubmitParamsSchema,
        body: ZReturnTaskRequestSchema,
        response: { 200: ZReturnTaskResponseSchema },
      },
    },
    async (request) => returnTask(deps, authUserOf(request).userId, request.params.id, request.body?.reason || null),
  );

  // Counted per user and per address, and the media type checked, before the body is read (preParsing): a refused
  // upload costs a Redis call, and what is left of its body is discarded (bounded) or the connection closed.
  app.post(
    '/api/tasks/:id/submit',
    {
      onRequest: hooks.authenticate,
      preParsing: async (request, reply) => {
        try {
          await deps.uploads.count(authUserOf(request).userId, request.ip);
          // A body that is not multipart is refused unread; a POST with no body is refused by the handler, after its params.
          if (hasBody(request) && !isMultipartContentType(request.headers['content-type'])) throw WORK_ERRORS.notMultipart();
        } catch (error) {
          discardRefusedBody(request, reply, SUBMISSION_DRAIN_LIMIT_BYTES);
          throw error;
        }
      },
      schema: { params: ZSubmitParamsSchema, response: { 200: ZSubmitTaskResponseSchema } },
    },
    async (request, reply) => {
      try {
        if (!isMultipartContentType(request.headers['content-type'])) throw WORK_ERRORS.notMultipart();
        const assignment = await submitTask(deps, { userId: authUserOf(request).userId, taskId: request.params.id, parts: uploadParts(request.parts(), uploadError) });
        return { message: 'Task submitted successfully!', assignment };
      } catch (error) {
        // Whatever is left of a refused upload is read and discarded (bounded), so the client gets the answer.
        discardRefusedBody(request, reply, SUBMISSION_DRAIN_LIMIT_BYTES);
        throw error;
      }
    },
  );
}
