// The look of the board's own selects, date and text inputs, matching ui/field's inputs.
export const controlClass =
  'rounded-control border border-slate-300 bg-white px-2.5 py-2 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none';

// A select laid out as a form field (full width, ui/field's padding and type size).
export const fieldSelectClass =
  'block w-full rounded-control border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none sm:text-sm';
