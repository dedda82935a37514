import { AppError } from '@platform/service-kit';

/** Errors of the admin service: stable codes, HTTP statuses and the message the screen shows. */
export const ADMIN_ERRORS = {
  templateNotFound: () => new AppError('ADMIN.TEMPLATE_NOT_FOUND', 404, 'Template not found'),
  templateNameTaken: (name: string) => new AppError('ADMIN.TEMPLATE_NAME_TAKEN', 409, `A template named "${name}" already exists`, undefined, undefined, { name }),
  templateNameImmutable: () => new AppError('ADMIN.TEMPLATE_NAME_IMMUTABLE', 400, 'Template name cannot be changed'),
  templateInvalid: (field: string, message: string) => new AppError('ADMIN.TEMPLATE_INVALID', 400, message, [{ path: field, message }], undefined, { field, detail: message }),
  unknownSetting: () => new AppError('ADMIN.UNKNOWN_SETTING', 400, 'Unknown setting', [{ path: 'settingKey', message: 'Unknown setting' }]),
  settingValueRequired: () => new AppError('ADMIN.SETTING_VALUE_REQUIRED', 400, 'Value is required', [{ path: 'settingValue', message: 'Value is required' }]),
  invalidSettingValue: (message: string) => new AppError('ADMIN.INVALID_SETTING_VALUE', 400, message, [{ path: 'settingValue', message }], undefined, { detail: message }),
};

/** A mail that can never be sent (no stored and no built-in template of that name); retrying will not help. */
export class UnknownTemplateError extends Error {
  constructor(readonly templateName: string) {
    super(`No e-mail template named "${templateName}" exists, stored or built in`);
    this.name = 'UnknownTemplateError';
  }
}
