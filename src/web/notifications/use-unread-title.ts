import { useEffect } from 'react';
import { notificationCopy } from '#src/shared/notifications/messages.ts';

const COUNT_PREFIX = /^\(\d+\+?\) /;

// The unread count leads the tab's title ("(3) Board — Tessera"), so a person sees it from another tab.
// The router sets each page's title after its children's effects run, so the count is put back whenever
// the title changes, not only when the count does.
export function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = notificationCopy.unreadTitle(unread, document.title.replace(COUNT_PREFIX, ''));
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, '');
    };
  }, [unread]);
}
