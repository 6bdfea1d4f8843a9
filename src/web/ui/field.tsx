import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  // A problem with this field, shown under it and announced with it.
  error?: string | null;
  // Extra classes for the input itself (className styles the wrapper).
  inputClassName?: string;
};

const inputClass =
  'block w-full rounded-control border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';
const okBorder = 'border-slate-300 focus:border-accent-600 focus:ring-accent-600/30';
const errorBorder = 'border-red-500 focus:border-red-600 focus:ring-red-600/30';

// The label, the control, then any hint and error, tied together for assistive technology.
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

export function FieldFrame({
  label,
  inputId,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: {
  label: string;
  inputId: string;
  hint: ReactNode;
  hintId?: string;
  error?: string | null;
  errorId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, error, id, className, inputClassName, ...props }: FieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} {...ids}>
      <input
        id={ids.inputId}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        className={cn(inputClass, error ? errorBorder : okBorder, inputClassName)}
        {...props}
      />
    </FieldFrame>
  );
}

// Several lines of text (a message, Markdown), with the same label, hint and error as TextField.
export function TextAreaField({
  label,
  hint,
  error,
  id,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string | null }) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} {...ids}>
      <textarea
        id={ids.inputId}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        className={cn(inputClass, error ? errorBorder : okBorder)}
        {...props}
      />
    </FieldFrame>
  );
}

// spec 2: each password field has a show/hide toggle.
export function PasswordField({ label, hint, error, id, className, ...props }: Omit<FieldProps, 'type' | 'inputClassName'>) {
  const ids = useFieldIds(id, hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className} {...ids}>
      <div className="relative">
        <input
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          className={cn(inputClass, error ? errorBorder : okBorder, 'pr-11')}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-control text-slate-500 hover:text-slate-800"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}
