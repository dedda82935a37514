import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { findTextProblem, MAX_SUBMISSION_FILES, normaliseLineBreaks, SUBMISSION_TEXT_MAX_LENGTH, type TAssignment } from '@platform/contracts';
import { AppError, COMMON_ERRORS, discardFile, withTransaction, writeEvent, type TUploadPart } from '@platform/service-kit';
import {
  findAssignment,
  findFilesOfAssignments,
  findLatestAssignmentOfWorker,
  findLiveAssignmentOfWorker,
  insertSubmissionFiles,
  markSubmitted,
  type TNewSubmissionFile,
} from '../data-access/assignments.repository.js';
import type { TAssignmentRecord } from '../data-access/rows.js';
import { checkControlSubmission } from './control.use-case.js';
import type { TWorkDeps } from './deps.js';
import { checkSubmissionImage, cleanedImageStream, OUTPUT_TYPES, type TImagePlan } from './submission-images.js';
import { cleanOriginalName, isAllowedMediaType } from './task-rules.js';
import { settleTaskStatus } from './task-slots.js';
import { WORK_ERRORS } from './work.errors.js';

/** Bytes kept to judge a file's type and read an image's header (a JPEG's size comes after its EXIF segments). */
const SNIFF_BYTES = 512 * 1024;

const SUBMITTABLE = new Set(['assigned', 'in_progress', 'rejected']);

function hasExpired(assignment: TAssignmentRecord): boolean {
  return assignment.status !== 'rejected' && assignment.expiresAt !== null && new Date(assignment.expiresAt).getTime() <= Date.now();
}

/** Why a worker's assignment cannot take a submission now (or undefined when it can). */
function refusal(assignment: TAssignmentRecord | undefined): AppError | undefined {
  if (!assignment) return WORK_ERRORS.notYourTask();
  if (!SUBMITTABLE.has(assignment.status)) return WORK_ERRORS.cannotSubmit(assignment.status);
  if (assignment.underAppeal) return WORK_ERRORS.underAppeal();
  if (hasExpired(assignment)) return WORK_ERRORS.timeLimitExpired();
  return undefined;
}

/**
 * POST /api/tasks/{id}/submit. Each file is streamed to a temporary name, judged by its content (an image or a
 * video, whatever its name or declared type says) and only then given a server-made name. Every image's header is
 * checked (type, at most 25 MP) before any is decoded; then each is re-encoded without metadata through the image
 * gate (submission-images.ts); a video is kept as sent and flagged `metadataKept`. The submission and its
 * files are recorded in one transaction with the submission.submitted event (and, for a control task, the check of
 * its answer: control.use-case.ts); on any failure every file this
 * request wrote is removed, so nothing of a refused upload stays.
 */
export async function submitTask(
  deps: TWorkDeps,
  input: { userId: string; taskId: string; parts: AsyncIterable<TUploadPart> },
): Promise<TAssignment> {
  const { taskId } = input;
  const live = await findLiveAssignmentOfWorker(deps.pool, taskId, input.userId);
  const early = refusal(live ?? (await findLatestAssignmentOfWorker(deps.pool, taskId, input.userId)));
  if (early) throw early;
  const assignmentId = (live as TAssignmentRecord).id;

  const written: { tempName: string; finalName?: string }[] = [];
  const files: TNewSubmissionFile[] = [];
  const images: { entry: { tempName: string; finalName?: string }; plan: TImagePlan; originalName: string; index: number }[] = [];
  let text: string | undefined;
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'submission') throw WORK_ERRORS.unexpectedField(part.fieldname);
        if (text !== undefined || typeof part.value !== 'string') throw WORK_ERRORS.malformedUpload();
        if (part.valueTruncated || part.value.length > SUBMISSION_TEXT_MAX_LENGTH) throw WORK_ERRORS.submissionTooLong();
        // The same rules as every text field (ZTextSchema): one kind of line break, no control characters.
        text = normaliseLineBreaks(part.value).trim();
        const problem = findTextProblem(text, 'Submission text');
        if (problem) throw COMMON_ERRORS.validation(problem, [{ path: 'submission', message: problem }]);
        if (!text) throw WORK_ERRORS.submissionRequired();
        continue;
      }
      if (part.fieldname !== 'files') {
        discardFile(part.file);
        throw WORK_ERRORS.unexpectedField(part.fieldname);
      }
      if (files.length >= MAX_SUBMISSION_FILES) {
        discardFile(part.file);
        throw WORK_ERRORS.tooManyFiles(MAX_SUBMISSION_FILES);
      }
      const entry: { tempName: string; finalName?: string } = { tempName: '' };
      let stored: Awaited<ReturnType<typeof deps.storage.writeTemp>>;
      try {
        stored = await deps.storage.writeTemp(part.file, SNIFF_BYTES);
      } catch (error) {
        // The upload itself broke off (malformed multipart, client gone): the client's fault, not ours.
        if (part.file.errored) throw WORK_ERRORS.malformedUpload();
        throw error;
      }
      entry.tempName = stored.tempName;
      written.push(entry);
      if (part.file.truncated) throw WORK_ERRORS.fileTooLarge();
      const detected = await fileTypeFromBuffer(stored.head);
      if (!detected || !isAllowedMediaType(detected.mime)) throw WORK_ERRORS.fileTypeNotAllowed();
      const originalName = cleanOriginalName(part.filename);
      if (detected.mime.startsWith('image/')) {
        // Judged from its header now; decoded only once every file of the submission has passed its checks.
        images.push({ entry, plan: checkSubmissionImage(detected.mime, stored.head), originalName, index: files.length });
        files.push({ fileName: '', filePath: '', originalName, fileType: '', fileSize: 0, metadataKept: false });
        continue;
      }
      const finalName = `${randomUUID()}.${detected.ext.toLowerCase()}`;
      const filePath = await deps.storage.commit(stored.tempName, finalName);
      entry.finalName = finalName;
      // A video is stored as sent: no remuxer here to remove its metadata, so the admin's review says so.
      files.push({ fileName: finalName, filePath, originalName, fileType: detected.mime.slice(0, 50), fileSize: stored.size, metadataKept: true });
    }
    for (const image of images) {
      // Re-encoded without metadata, one decode at a time per place of the process's image gate.
      const cleaned = await deps.images.run(async () => {
        const output = await cleanedImageStream(image.plan, deps.storage.openTemp(image.entry.tempName));
        try {
          return await deps.storage.writeTemp(output, 0);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw WORK_ERRORS.imageUnreadable();
        }
      });
      await deps.storage.remove(image.entry.tempName);
      image.entry.tempName = cleaned.tempName;
      const type = OUTPUT_TYPES[image.plan.output];
      const finalName = `${randomUUID()}.${type.ext}`;
      const filePath = await deps.storage.commit(cleaned.tempName, finalName);
      image.entry.finalName = finalName;
      files[image.index] = { fileName: finalName, filePath, originalName: image.originalName, fileType: type.mime, fileSize: cleaned.size, metadataKept: false };
    }
    if (!text) throw WORK_ERRORS.submissionRequired();
    const submission = text;

    return await withTransaction(deps.pool, async (client) => {
      const current = await findAssignment(client, assignmentId, { forUpdate: true });
      const late = refusal(current && current.userId === input.userId ? current : undefined);
      if (late) throw late;
      const resubmission = (current as TAssignmentRecord).status === 'rejected';
      const submitted = await markSubmitted(client, assignmentId, submission);
      if (!submitted) throw WORK_ERRORS.cannotSubmit('unknown');
      await insertSubmissionFiles(client, submitted.id, files);
      await settleTaskStatus(client, taskId);
      // A control task's answer is checked now, under the task row's lock just taken (issue 30 item 5); the result is
      // for the reviewer only: the worker's answer and the event are the same as for any task.
      await checkControlSubmission(client, { assignmentId: submitted.id, taskId, userId: input.userId, submission });
      await writeEvent(client, 'submission.submitted', {
        userId: input.userId,
        assignmentId: submitted.id,
        taskId,
        submittedAt: submitted.submittedAt as string,
        fileCount: files.length,
        resubmission,
      });
      const allFiles = await findFilesOfAssignments(client, [submitted.id]);
      return { ...submitted, files: allFiles.get(submitted.id) ?? [] };
    });
  } catch (error) {
    await Promise.all(
      written.map((entry) =>
        deps.storage
          .remove(entry.finalName ?? entry.tempName)
          .catch((removeError: unknown) => deps.logger.warn({ err: removeError }, 'could not remove a file of a refused upload')),
      ),
    );
    throw error;
  }
}
