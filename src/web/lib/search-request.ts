// Asking for the search palette from anywhere (the header's box, the `/` shortcut, ⌘K) without
// importing the search feature: the palette's host listens here. A request made where no host is
// mounted (a site page) waits for the next one that mounts.
type Listener = (text: string) => void;

let listener: Listener | null = null;
let waiting: string | null = null;

// True when a palette opened; false when the request waits for one.
export function requestSearch(text = ''): boolean {
  if (listener) {
    listener(text);
    return true;
  }
  waiting = text;
  return false;
}

export function listenForSearch(next: Listener): () => void {
  listener = next;
  if (waiting !== null) {
    const text = waiting;
    waiting = null;
    next(text);
  }
  return () => {
    if (listener === next) listener = null;
  };
}
