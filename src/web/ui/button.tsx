import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button-class.ts';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  // spec 4: a submit button is disabled while its call runs and shows a busy label.
  busy?: boolean;
  busyLabel?: ReactNode;
};

// className adds to the variant's look and wins where both set the same thing (`w-full`, `justify-start`).
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy = false,
  busyLabel,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClass(variant), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <Spinner size="sm" decorative /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
