import {
  accountSecurityPaths as paths,
  type RecoveryCodesResponse,
  type SecurityOverview,
  type TwoFactorSetupResponse,
  type AccountExportResponse,
  type AccountExportsResponse,
} from '#src/shared/account-security/paths.ts';
import { apiPath, type OkResponse, type PublicConfig } from '#src/shared/accounts/paths.ts';
import { api } from '#src/web/lib/api-client.ts';
import { firebaseGooglePopup } from '#src/web/lib/google-popup.ts';

// The browser's calls to the account-security endpoints. Each rejects with the server's
// sentence (ApiError). State-changing requests are JSON (product rules S7), so those without data send `{}`.
const NO_BODY = {};

export interface Proof {
  password?: string;
  idToken?: string;
}

export const accountSecurityApi = {
  overview: () => api<SecurityOverview>('GET', paths.overview),
  signOutSession: (id: string) => api<OkResponse>('DELETE', paths.session.replace(':id', encodeURIComponent(id)), NO_BODY),
  signOutOthers: () => api<OkResponse>('DELETE', paths.sessions, NO_BODY),
  startTwoFactor: () => api<TwoFactorSetupResponse>('POST', paths.twoFactorSetup, NO_BODY),
  confirmTwoFactor: (code: string) => api<RecoveryCodesResponse>('POST', paths.twoFactorConfirm, { code }),
  disableTwoFactor: (proof: Proof, code: string) => api<OkResponse>('DELETE', paths.twoFactor, { ...proof, code }),
  deleteAccount: (proof: Proof) => api<OkResponse>('DELETE', paths.account, proof),
  exports: () => api<AccountExportsResponse>('GET', paths.exports),
  requestExport: () => api<AccountExportResponse>('POST', paths.exports, NO_BODY),
  // A plain link: the browser downloads the file the server names; no script holds the data.
  exportDownloadUrl: (id: string) => `/api${paths.exportDownload.replace(':id', encodeURIComponent(id))}`,
  // product rules U3/U4: an account without a password proves itself with a fresh Google sign-in.
  async googleProof(): Promise<Proof> {
    const { googleSignIn } = await api<PublicConfig>('GET', apiPath.config);
    if (!googleSignIn) throw new Error('Google sign-in is not configured');
    return { idToken: (await firebaseGooglePopup(googleSignIn)).idToken };
  },
};

export const accountSecurityKeys = {
  overview: ['account-security'] as const,
  exports: ['account-security', 'exports'] as const,
};
