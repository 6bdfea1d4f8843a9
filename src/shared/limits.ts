// spec 9: business constants and limits, plus the bounds of product rules S2-S4.
export const AUTH_LOADING_CAP_MS = 5000;
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const RESEND_COOLDOWN_S = 60;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const TOAST_MS = 4000;
export const AVATAR_MAX_INITIALS = 2;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;
// However often it is used, a session ends 90 days after its sign-in.
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
// Unambiguous upper-case alphabet: no 0/O, 1/I/L.
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
