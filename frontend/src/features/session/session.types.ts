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
  balance: string;
  heldBalance: string;
}

export interface TAuthResponse {
  token: string;
  user: TUser;
}
