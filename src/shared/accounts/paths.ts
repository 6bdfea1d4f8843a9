// spec 7: every call goes to /api with cookies. Kept apart from the zod schemas so the browser's
// first load does not carry the validation library.
import type { z } from 'zod';
import type { OkResponseSchema } from '#src/shared/responses.ts';
import type { PublicUser } from './user.ts';

export const API_BASE = '/api';

export const apiPath = {
  currentUser: '/current-user',
  firebaseAuth: '/firebase-auth',
  register: '/register',
  login: '/login',
  verifyEmail: '/verify-email',
  resendVerification: '/resend-verification',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  updateProfile: '/update-profile',
  theme: '/theme',
  changePassword: '/change-password',
  logout: '/logout',
  config: '/config',
  health: '/health',
} as const;

export interface UserResponse {
  user: PublicUser;
}
// spec 7: GET /current-user answers the user, or null for a guest.
export interface CurrentUserResponse {
  user: PublicUser | null;
}
export type OkResponse = z.infer<typeof OkResponseSchema>;
export interface ErrorResponse {
  error: string;
}
export interface GoogleWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}
export interface PublicConfig {
  productName: string;
  googleSignIn: GoogleWebConfig | null;
}
