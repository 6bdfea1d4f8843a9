import { AVATAR_MAX_INITIALS } from '#src/shared/limits.ts';

// spec 2: 'null' and the empty string count as no picture.
export function hasPicture(picture: string | null | undefined): picture is string {
  return typeof picture === 'string' && picture.trim() !== '' && picture.trim() !== 'null';
}

// spec 2: up to 2 initials of the name, or 'U' with no name.
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, AVATAR_MAX_INITIALS)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
  return letters || 'U';
}
