import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn.ts';
import type { Size } from './spinner.tsx';
import { hasPicture, initials } from './avatar-initials.ts';

const avatarSize: Record<Size, string> = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg', xl: 'size-20 text-2xl' };

const iconSize: Record<Size, string> = { sm: 'size-4', md: 'size-5', lg: 'size-7', xl: 'size-10' };

// spec 2: the picture if set and it loads, else initials (the top navigation bar) or an icon (the app
// shell's user menu). product rules D6: loaded directly, no referrer.
export function Avatar({
  name,
  picture,
  size = 'md',
  fallback = 'initials',
}: {
  name?: string | null;
  picture?: string | null;
  size?: Size;
  fallback?: 'initials' | 'icon';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPicture = hasPicture(picture) && failed !== picture;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-100 font-semibold text-accent-800',
        avatarSize[size],
      )}
      data-testid="avatar"
    >
      {showPicture ? (
        <img
          src={picture}
          alt={name ? `${name}'s avatar` : 'Avatar'}
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed(picture)}
        />
      ) : fallback === 'icon' ? (
        <UserRound className={iconSize[size]} aria-hidden="true" data-testid="avatar-icon" />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
