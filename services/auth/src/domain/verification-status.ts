import type { TVerificationStatus } from '@platform/contracts';

/**
 * The one rule for the verification status a user is told (GET /api/auth/me, the login answer and GET
 * /api/user/verification): pending while the latest application awaits a decision; approved when the user is
 * verified (an approved application, or an admin's mark); rejected when the latest application was rejected; else
 * none. So the profile, home and the verification screen never disagree with isVerified.
 */
export function verificationStatusOf(isVerified: boolean, latestApplicationStatus: Exclude<TVerificationStatus, 'none'> | null): TVerificationStatus {
  if (latestApplicationStatus === 'pending') return 'pending';
  if (isVerified) return 'approved';
  return latestApplicationStatus === 'rejected' ? 'rejected' : 'none';
}
