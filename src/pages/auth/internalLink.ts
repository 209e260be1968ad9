import { createContext, useContext, type MouseEvent } from 'react';

/**
 * The console's router, where there is one. The sign-in page also runs on an entry of its own
 * without a router (src/sign-in.tsx): there a link loads its page.
 */
export const ClientNavigation = createContext<((to: string) => void) | null>(null);

/** An internal link's props: its address, and a plain click the router takes without a reload. */
export function useInternalLink(to: string) {
  const navigate = useContext(ClientNavigation);
  return {
    href: to,
    onClick: (event: MouseEvent) => {
      if (
        !navigate ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      navigate(to);
    },
  };
}
