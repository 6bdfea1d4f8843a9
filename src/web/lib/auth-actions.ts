import { accountSecurityPaths, type SecondStepResponse } from '#src/shared/account-security/paths.ts';
import { apiPath, type OkResponse, type UserResponse } from '#src/shared/accounts/paths.ts';
import type {
  ChangePasswordBody,
  EmailOnlyBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from '#src/shared/accounts/schemas.ts';
import { failure } from '#src/shared/account-messages.ts';
import { success } from '#src/shared/messages.ts';
import { notify } from '#src/web/ui/notify.ts';
import { api, ApiError } from './api-client.ts';

// spec 8: on failure an error toast shows the server's error, else the raw body, else the default;
// the error is then rethrown for the screen. On success the spec's success toast.
async function withToasts<T>(
  call: (fallback: string) => Promise<T>,
  successText: string | null | ((result: T) => string | null),
  fallback: string,
): Promise<T> {
  try {
    const result = await call(fallback);
    const text = typeof successText === 'function' ? successText(result) : successText;
    if (text) notify.success(text);
    return result;
  } catch (error) {
    notify.error(error instanceof ApiError ? error.message : fallback);
    throw error;
  }
}

export const authActions = {
  register: (body: RegisterBody) =>
    withToasts((f) => api<UserResponse>('POST', apiPath.register, body, f), success.register, failure.register),
  // product rules U2: with two-factor sign-in on, the password admits only to the second step, so the
  // spec's success toast waits for it.
  login: (body: LoginBody) =>
    withToasts(
      (f) => api<UserResponse | SecondStepResponse>('POST', apiPath.login, body, f),
      (answer) => ('user' in answer ? success.login : null),
      failure.login,
    ),
  secondStep: (body: { token: string; code: string }) =>
    withToasts((f) => api<UserResponse>('POST', accountSecurityPaths.secondStep, body, f), success.login, failure.login),
  verifyEmail: (body: VerifyEmailBody) =>
    withToasts((f) => api<OkResponse>('POST', apiPath.verifyEmail, body, f), success.verifyEmail, failure.verifyEmail),
  forgotPassword: (body: EmailOnlyBody) =>
    withToasts((f) => api<OkResponse>('POST', apiPath.forgotPassword, body, f), success.forgotPassword, failure.forgotPassword),
  resetPassword: (body: ResetPasswordBody) =>
    withToasts((f) => api<OkResponse>('POST', apiPath.resetPassword, body, f), success.resetPassword, failure.resetPassword),
  updateProfile: (body: UpdateProfileBody) =>
    withToasts((f) => api<UserResponse>('PUT', apiPath.updateProfile, body, f), success.updateProfile, failure.updateProfile),
  changePassword: (body: ChangePasswordBody) =>
    withToasts((f) => api<OkResponse>('PUT', apiPath.changePassword, body, f), success.changePassword, failure.changePassword),
  // product rules D2: a real call; the screen shows the spec's alerts, so no toast here.
  resendVerification: (body: EmailOnlyBody) => api<OkResponse>('POST', apiPath.resendVerification, body, failure.resend),
};
