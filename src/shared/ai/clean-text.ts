// Control characters and the marks that disguise text (validation.ts NO_DISGUISE) never reach a task.
const UNSHOWABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/gu;

// One line as a task may hold it: tabs as spaces, nothing unshowable.
export function cleanText(text: string): string {
  return text.replace(/\t/gu, '    ').replace(UNSHOWABLE, ' ');
}
