export type Size = 'sm' | 'md' | 'lg' | 'xl';

const spinnerSize: Record<Size, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
  xl: 'size-16 border-4',
};

// spec 2: Spinner sizes sm, md, lg, xl; default md. A decorative spinner sits beside text that already
// says what is happening (a busy button label), so it stays out of the accessibility tree.
export function Spinner({ size = 'md', className = '', decorative = false }: { size?: Size; className?: string; decorative?: boolean }) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': 'Loading' };
  return (
    <span
      {...a11y}
      className={`inline-block shrink-0 animate-spin rounded-full border-current/25 border-t-current ${spinnerSize[size]} ${className}`}
    />
  );
}
