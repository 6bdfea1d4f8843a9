// An invitation followed while signed out is kept for this tab, so that after signing in (or
// registering and verifying) the app comes back to it. Session storage: it ends with the tab.
const KEY = 'tessera:pending-invitation';

export const pendingInvitation = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string) {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // storage can be unavailable (private mode); the person can follow the link again
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // see above
    }
  },
};

// What the shell passes to the invitation page when it resumes one: accept without asking again.
export interface ResumeState {
  resumeInvitation: true;
}
