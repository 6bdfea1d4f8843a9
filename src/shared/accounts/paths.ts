// spec 7: every call goes to /api with cookies. Kept apart from the zod schemas so the browser's
// first load does not carry the validation library.
import type { z } from 'zod';
import type { OkResponseSchema } from '#src/shared/responses.ts';
import type {
  CurrentUserResponseSchema,
  ErrorResponseSchema,
  GoogleWebConfigSchema,
  HealthResponseSchema,
  PublicConfigSchema,
  UserResponseSchema,
} from './responses.ts';

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

export type UserResponse = z.infer<typeof UserResponseSchema>;
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;
export type OkResponse = z.infer<typeof OkResponseSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type GoogleWebConfig = z.infer<typeof GoogleWebConfigSchema>;
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
