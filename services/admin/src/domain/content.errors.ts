import { AppError } from '@platform/service-kit';

/** Errors of news and awards: stable codes, HTTP statuses and the message the screen shows. */
export const CONTENT_ERRORS = {
  /** What is left after the markup is removed is empty. */
  newsContentRequired: () => new AppError('ADMIN.NEWS_CONTENT_REQUIRED', 400, 'Content is required', [{ path: 'content', message: 'Content is required' }], 'content'),
  newsNotFound: () => new AppError('ADMIN.NEWS_NOT_FOUND', 404, 'News not found'),
  awardNotFound: () => new AppError('ADMIN.AWARD_NOT_FOUND', 404, 'Award not found'),
  /** A manual award must name an existing user (spec 03 awards AMENDED). */
  awardUserNotFound: () => new AppError('ADMIN.AWARD_USER_NOT_FOUND', 400, 'User not found', [{ path: 'userId', message: 'User not found' }], 'userId'),
  /** Computed awards come from the data; an admin edits manual ones only. */
  computedAwardReadOnly: () => new AppError('ADMIN.AWARD_COMPUTED', 409, 'Computed awards come from the leaderboards and cannot be edited'),
};
