import { SUPPORT_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit';

/** The support desk's refusals (over HTTP; the socket has no support frames a client may send). */
export const SUPPORT_ERRORS = {
  conversationNotFound: () => new AppError('SUPPORT.CONVERSATION_NOT_FOUND', 404, SUPPORT_MESSAGES.conversationNotFound),
  adminsUseDesk: () => new AppError('SUPPORT.ADMINS_USE_DESK', 403, 'Admins answer workers from the support desk'),
  notAnAdmin: () => new AppError('SUPPORT.NOT_AN_ADMIN', 400, 'A conversation can be assigned only to an admin', undefined, 'assignedAdminId'),
};
