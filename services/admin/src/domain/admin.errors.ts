import { AppError } from '@platform/service-kit';

/** A size limit as people read it: "50 MB", or "64 KB" under a megabyte. */
function sizeLimitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/** Errors of the admin service: stable codes, HTTP statuses and the message the screen shows. */
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
};

/** A mail that can never be sent (no stored and no built-in template of that name); retrying will not help. */
export class UnknownTemplateError extends Error {
  constructor(readonly templateName: string) {
    super(`No e-mail template named "${templateName}" exists, stored or built in`);
    this.name = 'UnknownTemplateError';
  }
}
