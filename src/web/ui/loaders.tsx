import { loaderText } from '#src/shared/messages.ts';
import { Spinner } from './spinner.tsx';

function FullScreen({ text }: { text: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-slate-600" aria-live="polite">
      <Spinner size="lg" className="text-accent-600" />
      <p className="text-sm">{text}</p>
    </div>
  );
}

// spec 2: shown by guarded pages while authentication is checked.
export function AuthLoader() {
  return <FullScreen text={loaderText.checkingAuth} />;
}

// spec 2: the route guard's loader.
export function RouteGuardLoader() {
  return <FullScreen text={loaderText.verifyingAccess} />;
}

// spec 2: a spinner, optional text and 'Please wait...'.
export function GenericLoader({ text }: { text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 p-8 text-slate-600" aria-live="polite">
      <Spinner className="text-accent-600" />
      {text ? <p className="text-sm font-medium text-slate-800">{text}</p> : null}
      <p className="text-sm">{loaderText.pleaseWait}</p>
    </div>
  );
}

// A line inside a section saying what it is loading.
export function LoadingLine({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <Spinner size="sm" decorative />
      {text}
    </p>
  );
}
