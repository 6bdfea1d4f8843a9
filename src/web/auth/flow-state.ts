import { useLocation } from '#src/web/routing/router-context.tsx';

// What the account flows pass along in navigation state (spec 2 and 4): the email from one step to the
// next, and a message for the Sign In dialog.
export interface EmailState {
  email: string;
}
export interface LoginState {
  message?: string;
  // The email just verified or reset, so the Sign In dialog need not ask for it again.
  email?: string;
  // A Google sign-in's second-step token (product rules U2), so the dialog opens on that step.
  secondStep?: string;
}
// product rules D1: /login becomes '/' with this state, which opens the Sign In dialog.
export interface SignInRequest extends LoginState {
  signIn: true;
}

export function useFlowEmail(): string | null {
  const state = useLocation().state as Partial<EmailState> | null;
  return typeof state?.email === 'string' && state.email.trim() !== '' ? state.email : null;
}

export function useSignInRequest(): SignInRequest | null {
  const state = useLocation().state as Partial<SignInRequest> | null;
  if (state?.signIn !== true) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { signIn: true, message: text(state.message), email: text(state.email), secondStep: text(state.secondStep) };
}
