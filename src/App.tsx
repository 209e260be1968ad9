import { useEffect } from 'react';
import { Admin, CustomRoutes, useNotify } from 'react-admin';
import { authProvider } from '../providers/authProvider.ts';
import { dataProvider } from '../providers/dataProvider.ts';
import { i18nProvider } from '../providers/i18nProvider.ts';
import { currentBrand } from '../brands/index.ts';
import { lazyPage } from './lazyPage.tsx';
import { StackedNotifications } from './layout/Notifications.tsx';
import { NotFoundPage } from './pages/StatusPage.tsx';
import { layoutRoutes, publicRoutes, resourceElements } from './routes.tsx';
import { Splash } from './Splash.tsx';
import { brandThemes } from './theme.ts';
import { takeFlash } from './flash.ts';
import { DocumentLanguage } from './DocumentLanguage.tsx';

// the signed-in frame (bar, menu, search) is not needed on the sign-in page
const Layout = lazyPage(() => import('./layout/Layout.tsx'), 'Layout');

const brand = currentBrand();
const themes = brandThemes(brand);

/** Shows the message left for after the post-login reload. */
function FlashMessage() {
  const notify = useNotify();
  useEffect(() => {
    const message = takeFlash();
    if (message) notify(message, { type: 'success' });
  }, [notify]);
  return null;
}

/** The notification slot is the one part of react-admin's frame on every page, signed in or not. */
function NotificationsAndLanguage() {
  return (
    <>
      <StackedNotifications />
      <DocumentLanguage />
    </>
  );
}

function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <Layout>
      <FlashMessage />
      {children}
    </Layout>
  );
}

export function App() {
  return (
    <Admin
      title={brand.brandName}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={false}
      catchAll={NotFoundPage}
      loading={Splash}
      notification={NotificationsAndLanguage}
      theme={themes.light}
      darkTheme={themes.dark}
      disableTelemetry
    >
      <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
      <CustomRoutes>{layoutRoutes()}</CustomRoutes>
      {resourceElements()}
    </Admin>
  );
}
