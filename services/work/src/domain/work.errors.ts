import { MAX_SUBMISSION_FILE_BYTES, MAX_UPLOAD_IMAGE_PIXELS } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/** Errors of the work service: stable codes, HTTP statuses and the message the screen shows. */
export const WORK_ERRORS = {
  taskNotFound: () => new AppError('WORK.TASK_NOT_FOUND', 404, 'Task not found'),
  taskAlreadyTaken: () => new AppError('WORK.TASK_ALREADY_TAKEN', 409, 'This task has already been taken'),
  taskAlreadyYours: () => new AppError('WORK.TASK_ALREADY_YOURS', 409, 'You have already taken this task'),
  /** A task with several slots takes each worker once. */
  taskAlreadyDone: () => new AppError('WORK.TASK_ALREADY_DONE', 409, 'You have already done this task'),
  taskAlreadyRequested: () => new AppError('WORK.TASK_ALREADY_REQUESTED', 409, 'You have already requested this task'),
  taskNotAvailable: () => new AppError('WORK.TASK_NOT_AVAILABLE', 409, 'This task is not available'),
  tooManyTasksHeld: (max: number) =>
    new AppError('WORK.TOO_MANY_TASKS', 409, `You can hold at most ${max} ${max === 1 ? 'task' : 'tasks'} at once. Submit or hand one back to take another.`, undefined, undefined, { max }),
  taskPastDueDate: () => new AppError('WORK.TASK_PAST_DUE', 400, 'This task is past its due date'),
  dueDateInPast: () => new AppError('WORK.DUE_DATE_IN_PAST', 400, 'Due date cannot be before today'),
  slotsBelowFilled: (filled: number) =>
    new AppError('WORK.SLOTS_BELOW_FILLED', 409, `${filled} ${filled === 1 ? 'worker holds or has done' : 'workers hold or have done'} this task: slots cannot be fewer`, undefined, 'slots', { filled }),
  /** Principle 7: no task is published below the platform's hourly floor (the minimum_hourly_rate setting). */
  belowHourlyFloor: (p: { hourlyRate: string; minimumHourlyRate: string; reward: string; estimatedMinutes: number }) =>
    new AppError(
      'WORK.BELOW_HOURLY_FLOOR',
      400,
      `This task would pay $${p.hourlyRate} per hour ($${p.reward} for ${p.estimatedMinutes} min), below the platform's minimum of $${p.minimumHourlyRate} per hour. Raise the reward or correct the estimated time.`,
      undefined,
      'reward',
      p,
    ),
  assignmentNotFound: () => new AppError('WORK.ASSIGNMENT_NOT_FOUND', 404, 'Assignment not found'),
  notYourTask: () => new AppError('WORK.NOT_YOUR_TASK', 404, 'You have not taken this task'),
  /** Handing back is for work not yet handed in: a submission waits for review or has been decided. */
  cannotReturn: (status: string) =>
    new AppError(
      'WORK.CANNOT_RETURN',
      409,
      status === 'submitted' ? 'This task is already submitted and waits for review: it can no longer be handed back' : 'This task can no longer be handed back',
      undefined,
      undefined,
      { status },
    ),
  cannotSubmit: (status: string) =>
    new AppError('WORK.CANNOT_SUBMIT', 409, status === 'submitted' ? 'This task has already been submitted' : 'This task can no longer be submitted', undefined, undefined, {
      status,
    }),
  timeLimitExpired: () => new AppError('WORK.TIME_LIMIT_EXPIRED', 409, 'The time limit for this task has expired'),
  submissionRequired: () => new AppError('WORK.SUBMISSION_REQUIRED', 400, 'Submission text is required'),
  submissionTooLong: () => new AppError('WORK.SUBMISSION_TOO_LONG', 400, 'Submission text is too long'),
  tooManyFiles: (max: number) => new AppError('WORK.TOO_MANY_FILES', 400, `You can attach at most ${max} files`, undefined, undefined, { max }),
  fileTooLarge: () => new AppError('WORK.FILE_TOO_LARGE', 413, `Each file must be at most ${MAX_SUBMISSION_FILE_BYTES / 1024 / 1024} MB`, undefined, undefined, {
      maxMegabytes: MAX_SUBMISSION_FILE_BYTES / 1024 / 1024,
    }),
  fileTypeNotAllowed: () => new AppError('WORK.FILE_TYPE_NOT_ALLOWED', 400, 'Only images and videos can be attached'),
  imageTypeNotSupported: () =>
    new AppError('WORK.IMAGE_TYPE_NOT_SUPPORTED', 415, 'Images must be JPEG, PNG, WebP, GIF, AVIF, TIFF or HEIC'),
  imageUnreadable: () => new AppError('WORK.IMAGE_UNREADABLE', 400, 'An attached image could not be read; please take the photo again'),
  imageTooManyPixels: () =>
    new AppError('WORK.IMAGE_TOO_MANY_PIXELS', 413, `Each image must be at most ${MAX_UPLOAD_IMAGE_PIXELS / 1_000_000} megapixels (for example 6000 x 4000 pixels)`, undefined, undefined, {
      megapixels: MAX_UPLOAD_IMAGE_PIXELS / 1_000_000,
    }),
  notMultipart: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'The submission must be sent as multipart/form-data'),
  unexpectedField: (name: string) => new AppError('WORK.UNEXPECTED_FIELD', 400, `Unknown field: ${name.slice(0, 50)}`, undefined, undefined, { name: name.slice(0, 50) }),
  malformedUpload: () => new AppError('WORK.MALFORMED_UPLOAD', 400, 'The upload is incomplete or malformed'),
  fileNotFound: () => new AppError('WORK.FILE_NOT_FOUND', 404, 'File not found'),
  submissionNotFound: () => new AppError('WORK.SUBMISSION_NOT_FOUND', 404, 'Submission not found'),
  alreadyReviewed: () => new AppError('WORK.ALREADY_REVIEWED', 409, 'This submission has already been reviewed'),
  notAwaitingReview: () => new AppError('WORK.NOT_AWAITING_REVIEW', 409, 'This submission is not awaiting review'),
  cannotCancel: () => new AppError('WORK.CANNOT_CANCEL', 409, 'This assignment can no longer be cancelled'),
  noPendingRequest: () => new AppError('WORK.NO_PENDING_REQUEST', 404, 'There is no pending request for this task'),
  packageNotFound: () => new AppError('WORK.PACKAGE_NOT_FOUND', 404, 'Package not found'),
  taskAlreadyInPackage: () => new AppError('WORK.TASK_ALREADY_IN_PACKAGE', 409, 'This task is already in the package'),
  unknownCriteria: (numbers: number[]) =>
    new AppError('WORK.UNKNOWN_CRITERIA', 400, `This task has no acceptance criterion ${numbers.join(', ')}`, undefined, 'criteria', { numbers: numbers.join(', ') }),
  criteriaRequired: () => new AppError('WORK.CRITERIA_REQUIRED', 400, 'Name the acceptance criteria that were not met', undefined, 'criteria'),
  cannotAppeal: () => new AppError('WORK.CANNOT_APPEAL', 409, 'Only a rejected submission can be appealed'),
  appealWindowClosed: (days: number) =>
    new AppError('WORK.APPEAL_WINDOW_CLOSED', 409, `A rejection can be appealed within ${days} ${days === 1 ? 'day' : 'days'}; this one is older`, undefined, undefined, { days }),
  alreadyAppealed: () => new AppError('WORK.ALREADY_APPEALED', 409, 'This rejection has already been appealed'),
  underAppeal: () => new AppError('WORK.UNDER_APPEAL', 409, 'This submission is under appeal: wait for the decision'),
  appealNotFound: () => new AppError('WORK.APPEAL_NOT_FOUND', 404, 'Appeal not found'),
  appealAlreadyDecided: () => new AppError('WORK.APPEAL_ALREADY_DECIDED', 409, 'This appeal has already been decided'),
  appealSameReviewer: () => new AppError('WORK.APPEAL_SAME_REVIEWER', 403, 'You rejected this submission: another admin must decide the appeal'),
  /** Issue 30: another admin holds a live claim on the submission (is reviewing it). */
  claimedByOther: (name: string) =>
    new AppError('WORK.CLAIMED_BY_OTHER', 409, `This submission is being reviewed by ${name || 'another admin'}`, undefined, undefined, { name }),
  reviewJobNotFound: () => new AppError('WORK.REVIEW_JOB_NOT_FOUND', 404, 'Review job not found'),
  reviewJobEmpty: () => new AppError('WORK.REVIEW_JOB_EMPTY', 409, 'No submission awaiting review matches this selection'),
  taskNotInPackage: () => new AppError('WORK.TASK_NOT_IN_PACKAGE', 404, 'This task is not in the package'),
  workerNotFound: () => new AppError('WORK.WORKER_NOT_FOUND', 404, 'Worker not found'),
  /** Reason templates (issue 30). Named in a rejection's body (field templateId) it is a 400 of that field; in a path a 404. */
  reviewTemplateNotFound: (field?: string) =>
    new AppError('WORK.REVIEW_TEMPLATE_NOT_FOUND', field ? 400 : 404, 'Reason template not found', undefined, field),
  tooManyReviewTemplates: (max: number) =>
    new AppError('WORK.TOO_MANY_REVIEW_TEMPLATES', 409, `There can be at most ${max} reason templates: delete one first`, undefined, undefined, { max }),
  unknownTemplateVariables: (names: string[]) =>
    new AppError(
      'WORK.UNKNOWN_TEMPLATE_VARIABLES',
      400,
      `Unknown variables: ${names.join(', ')}. A template may use {{firstName}}, {{criterion}} and {{taskTitle}}`,
      undefined,
      'body',
      { names: names.join(', ') },
    ),
  templateNeedsCriterion: () =>
    new AppError('WORK.TEMPLATE_NEEDS_CRITERION', 400, 'A template that uses {{criterion}} must name the acceptance criterion it cites', undefined, 'criterion'),
};
