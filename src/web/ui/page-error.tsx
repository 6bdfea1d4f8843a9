import { renderError } from '#src/shared/messages.ts';
import { buttonClass } from './button-class.ts';

// What a page that failed to render shows in its place; the shell around it stays usable.
export function PageError() {
  return (
    <div role="alert" className="mx-auto my-16 max-w-md px-4 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{renderError.page}</h1>
      <p className="mt-2 text-sm text-slate-600">{renderError.pageHelp}</p>
      <button type="button" className={`${buttonClass('primary')} mt-6`} onClick={() => window.location.reload()}>
        {renderError.reload}
      </button>
    </div>
  );
}
