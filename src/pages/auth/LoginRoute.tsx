import { useLocation, useNavigate } from 'react-router-dom';
import { ScrollToTop } from '../../layout/ScrollToTop.tsx';
import { ClientNavigation } from './internalLink.ts';
import { LoginPage, nextLocation } from './LoginPage.tsx';

/** The sign-in page inside the console: its links go through the router, and it returns to the page that sent the visitor. */
export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ClientNavigation.Provider value={navigate}>
      <ScrollToTop />
      <LoginPage next={nextLocation(location.state)} />
    </ClientNavigation.Provider>
  );
}
