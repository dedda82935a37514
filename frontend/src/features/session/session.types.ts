export type TRole = 'employee' | 'admin';

/** The signed-in user as the client reads it (spec 01 s.3, spec 02 s.3). */
export interface TUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  role: TRole;
  isActive: boolean;
  isVerified: boolean;
  welcomeVideoShown: boolean;
  documentsAccepted: boolean;
  documentsAcceptedAt: string | null;
  createdAt: string;
  /** Available balance (decimal string) from the payouts service; null when it could not be read just now. */
  balance: string | null;
  /** Held for pending withdrawals; null when it could not be read just now. */
  heldBalance: string | null;
}

export interface TAuthResponse {
  token: string;
  user: TUser;
}
