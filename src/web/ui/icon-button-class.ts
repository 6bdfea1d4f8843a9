// The top bar's square icon buttons (the phone menu, the bell).
export const iconButtonClass =
  'relative flex size-10 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900';
