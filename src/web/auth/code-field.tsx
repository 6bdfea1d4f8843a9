import { CODE_LENGTH } from '#src/shared/limits.ts';
import { normaliseCode } from '#src/web/lib/form-rules.ts';
import { TextField } from '#src/web/ui/field.tsx';

// spec 5: the verification and reset code inputs force upper case and cut to 6 characters. No
// maxLength: the browser would cut a pasted " abc-123" before it is cleaned up.
export function CodeField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      name="code"
      value={value}
      onChange={(event) => onChange(normaliseCode(event.target.value))}
      hint={hint}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      inputMode="text"
      aria-required
      size={CODE_LENGTH}
      inputClassName="text-center font-mono text-xl! tracking-[0.5em] uppercase"
    />
  );
}
