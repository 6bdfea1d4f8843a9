import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { renderError } from '#src/shared/messages.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { boundNesting } from './markdown-nesting.ts';

// User Markdown rendered safely: raw HTML is dropped (skipHtml), react-markdown's default URL check turns
// javascript: and other unsafe links into nothing, and a link opens in a new tab without handing this
// page to it.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-accent-700 underline">
      {children}
    </a>
  ),
  img: ({ alt }) => <span>{alt}</span>,
};

// Parsing is the costly part of drawing a message, and a list draws its rows again on every scroll and
// measurement: the same text is not parsed twice in a row.
export const MarkdownText = memo(function MarkdownText({ source }: { source: string }) {
  return (
    <div className="space-y-2 text-sm break-words text-slate-800 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <ErrorBoundary
        resetKey={source}
        fallback={
          <>
            <p className="text-slate-600 italic">{renderError.content}</p>
            <p className="whitespace-pre-wrap">{source}</p>
          </>
        }
      >
        <Markdown skipHtml components={components}>
          {boundNesting(source)}
        </Markdown>
      </ErrorBoundary>
    </div>
  );
});
