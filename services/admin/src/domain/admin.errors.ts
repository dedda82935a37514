import { AppError } from '@platform/service-kit';

/** A size limit as people read it: "50 MB", or "64 KB" under a megabyte. */
function sizeLimitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Every failure of the admin service the client hears about, in one table (issue 32): stable codes, HTTP statuses and
 * the message the screen shows.
 */
export const ADMIN_ERRORS = {
  templateNotFound: () => new AppError('ADMIN.TEMPLATE_NOT_FOUND', 404, 'Template not found'),
  templateNameTaken: (name: string) => new AppError('ADMIN.TEMPLATE_NAME_TAKEN', 409, `A template named "${name}" already exists`, undefined, undefined, { name }),
  templateNameImmutable: () => new AppError('ADMIN.TEMPLATE_NAME_IMMUTABLE', 400, 'Template name cannot be changed'),
  templateInvalid: (field: string, message: string) => new AppError('ADMIN.TEMPLATE_INVALID', 400, message, [{ path: field, message }], undefined, { field, detail: message }),
  unknownSetting: () => new AppError('ADMIN.UNKNOWN_SETTING', 400, 'Unknown setting', [{ path: 'settingKey', message: 'Unknown setting' }]),
  settingValueRequired: () => new AppError('ADMIN.SETTING_VALUE_REQUIRED', 400, 'Value is required', [{ path: 'settingValue', message: 'Value is required' }]),
  invalidSettingValue: (message: string) => new AppError('ADMIN.INVALID_SETTING_VALUE', 400, message, [{ path: 'settingValue', message }], undefined, { detail: message }),
  welcomeVideoTooLarge: (maxBytes: number) =>
    new AppError('ADMIN.WELCOME_VIDEO_TOO_LARGE', 413, `The video must be at most ${sizeLimitText(maxBytes)}`, [{ path: 'video', message: `The video must be at most ${sizeLimitText(maxBytes)}` }], 'video', { max: sizeLimitText(maxBytes) }),
  welcomeVideoNotVideo: () =>
    new AppError('ADMIN.WELCOME_VIDEO_NOT_VIDEO', 415, 'The video must be an MP4 or WebM file', [{ path: 'video', message: 'The video must be an MP4 or WebM file' }], 'video'),
  welcomeVideoMissing: () => new AppError('ADMIN.WELCOME_VIDEO_MISSING', 400, 'Choose a video file to upload (field video)', [{ path: 'video', message: 'Choose a video file to upload' }], 'video'),
  welcomeVideoNotMultipart: () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'The video must be sent as multipart/form-data'),
  welcomeVideoUnavailable: () => new AppError('ADMIN.WELCOME_VIDEO_UNAVAILABLE', 404, 'The welcome video is not available'),
  /** The multipart parser could not read the upload (a broken-off or malformed body). */
  welcomeVideoMalformed: () =>
    new AppError('ADMIN.WELCOME_VIDEO_MALFORMED', 400, 'The upload could not be read as multipart/form-data with a file field video', [{ path: 'video', message: 'The upload could not be read' }], 'video'),
  welcomeVideoRangeNotSatisfiable: () => new AppError('REQUEST.RANGE_NOT_SATISFIABLE', 416, 'The requested range is outside the video'),
  welcomeVideoChanged: () => new AppError('REQUEST.PRECONDITION_FAILED', 412, 'The video has changed since the version asked for'),

  /** News and awards. What is left of news content after the markup is removed is empty. */
  newsContentRequired: () => new AppError('ADMIN.NEWS_CONTENT_REQUIRED', 400, 'Content is required', [{ path: 'content', message: 'Content is required' }], 'content'),
  newsNotFound: () => new AppError('ADMIN.NEWS_NOT_FOUND', 404, 'News not found'),
  awardNotFound: () => new AppError('ADMIN.AWARD_NOT_FOUND', 404, 'Award not found'),
  /** A manual award must name an existing user (spec 03 awards AMENDED). */
  awardUserNotFound: () => new AppError('ADMIN.AWARD_USER_NOT_FOUND', 400, 'User not found', [{ path: 'userId', message: 'User not found' }], 'userId'),
  /** Computed awards come from the data; an admin edits manual ones only. */
  computedAwardReadOnly: () => new AppError('ADMIN.AWARD_COMPUTED', 409, 'Computed awards come from the leaderboards and cannot be edited'),

  /** The dashboard statistics: a service the rebuild reads from did not answer (or is not configured); nothing was changed. */
  statsSourceUnavailable: (service: string) =>
    new AppError('STATS.SOURCE_UNAVAILABLE', 502, `The ${service} service did not answer; the statistics were not rebuilt`, undefined, undefined, { service }),
};

/** A mail that can never be sent (no stored and no built-in template of that name); retrying will not help. */
export class UnknownTemplateError extends Error {
  constructor(readonly templateName: string) {
    super(`No e-mail template named "${templateName}" exists, stored or built in`);
    this.name = 'UnknownTemplateError';
  }
}
