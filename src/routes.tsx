import { Navigate, Route } from 'react-router-dom';
import { Authenticated } from 'react-admin';
import { modules, resources } from '../resources/modules.ts';
import { DeviceDetailsPage } from '../custom-pages/device-details/DeviceDetailsPage.tsx';
import { OrganisationSettingsPage } from '../custom-pages/organisation-settings/OrganisationSettingsPage.tsx';
import { RouteKmlPage } from '../custom-pages/route-kml/RouteKmlPage.tsx';
import { WalletPage, WalletTransactionsPage } from '../custom-pages/wallet/WalletPage.tsx';
import { ProfilePage } from './pages/ProfilePage.tsx';
import { readPermissions, readSession } from '../providers/session.ts';
import { landingPath } from './layout/landing.ts';
import { resourceRoutes } from './resources/routes.tsx';
import { AccessGuard, ModulePage } from '../custom-pages/ModulePage.tsx';
import { SimActivationFormPage } from '../custom-pages/sim-activation/SimActivationFormPage.tsx';
import { FitmentFormPage } from '../custom-pages/fitment/FitmentFormPage.tsx';
import { VehicleStatusPage } from '../custom-pages/vehicle-status/VehicleStatusPage.tsx';
import { PortCheckerPage } from '../custom-pages/port-checker/PortCheckerPage.tsx';
import { CentreViewerPage } from '../custom-pages/centre-viewer/CentreViewerPage.tsx';
import { DebugPage } from '../custom-pages/debug/DebugPage.tsx';
import { ResourceList } from './resources/ResourceList.tsx';
import rawLogs from '../resources/entities/raw-logs.ts';
import { lazy, Suspense } from 'react';

// maps and charts load with the pages that need them
const LiveTrackingPage = lazy(() => import('../custom-pages/live-tracking/LiveTrackingPage.tsx').then((m) => ({ default: m.LiveTrackingPage })));
const RoutePlaybackPage = lazy(() => import('../custom-pages/route-playback/RoutePlaybackPage.tsx').then((m) => ({ default: m.RoutePlaybackPage })));
const SharedLivePage = lazy(() => import('../custom-pages/shared/SharedPages.tsx').then((m) => ({ default: m.SharedLivePage })));
const SharedPlaybackPage = lazy(() => import('../custom-pages/shared/SharedPages.tsx').then((m) => ({ default: m.SharedPlaybackPage })));
const CertificatePage = lazy(() => import('../custom-pages/certificate/CertificatePage.tsx').then((m) => ({ default: m.CertificatePage })));
const RenewalPaymentPage = lazy(() => import('../custom-pages/renewal/RenewalPaymentPage.tsx').then((m) => ({ default: m.RenewalPaymentPage })));
const later = (element: React.ReactNode) => <Suspense fallback={<Splash />}>{element}</Suspense>;
import { LoginPage } from './pages/auth/LoginPage.tsx';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage.tsx';
import { ChangePasswordPage } from './pages/ChangePasswordPage.tsx';
import { StatusPage } from './pages/StatusPage.tsx';
import { ContactPage, PrivacyPage, TermsPage } from './pages/publicPages.tsx';
import { Splash } from './Splash.tsx';

/** Routes open to anyone, outside the signed-in layout (spec platform-shell §2). */
export const publicRoutes = [
  <Route key="login" path="/auth/login" element={<LoginPage />} />,
  <Route key="forgot" path="/auth/forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset" path="/auth/reset-password/:otpToken" element={<ResetPasswordPage />} />,
  <Route key="terms" path="/public/term-of-use" element={<TermsPage />} />,
  <Route key="privacy" path="/public/privacy" element={<PrivacyPage />} />,
  <Route key="contact" path="/public/contact-us" element={<ContactPage />} />,
  <Route key="renewal" path="/public/renewal-payment" element={later(<RenewalPaymentPage />)} />,
  <Route key="port" path="/public/port-checker" element={<PortCheckerPage />} />,
  <Route key="ssc" path="/public/ssc-viewer" element={<CentreViewerPage kind="SSC" />} />,
  <Route key="rfc" path="/public/rfc-viewer" element={<CentreViewerPage kind="RFC" />} />,
  <Route key="share-live" path="/public/share/live-tracking" element={later(<SharedLivePage />)} />,
  <Route key="share" path="/public/:context/share/:collectionId" element={later(<SharedPlaybackPage />)} />,
  <Route key="certificate" path="/certificate/:id" element={later(<CertificatePage />)} />,
  <Route key="status" path="/status" element={<StatusPage kind="notFound" />} />,
  <Route key="500" path="/500" element={<StatusPage kind="serverError" />} />,
  <Route key="maintenance" path="/maintenance" element={<StatusPage kind="maintenance" />} />,
  <Route key="coming-soon" path="/coming-soon" element={<StatusPage kind="comingSoon" />} />,
];

const declaredModules = new Set(resources.map((r) => r.module));

/** /management/user/edit/{own id} is the user menu's Profile, open to every role. */
const ownProfile = (id: string) => (readSession()?.user.id === id ? <Authenticated><ProfilePage /></Authenticated> : null);

const page = (moduleId: string) => <ModulePage moduleId={moduleId} />;

/** `/`: the signed-in user's first page (src/layout/landing.ts), never one their role cannot open. */
function Landing() {
  const session = readSession();
  return <Navigate to={landingPath(session?.role.isSuperAdmin, readPermissions(), session?.user.id)} replace />;
}

/** Modules whose pages are routed above rather than from the registry. */
const OWN_ROUTES = new Set(['vehicle-status', 'live-tracking', 'route-playback', 'report-raw-logs', 'debug', 'account-wallet']);

/** Signed-in routes inside the layout: every module of the registry, guarded by its permission id. */
export const layoutRoutes = [
  <Route key="root" path="/" element={<Authenticated loading={<Splash />}><Landing /></Authenticated>} />,
  <Route key="vehicle-status" path="/vehicle-status" element={<ModulePage moduleId="vehicle-status"><VehicleStatusPage /></ModulePage>} />,
  <Route key="live-tracking" path="/view-operations/live-tracking" element={<ModulePage moduleId="live-tracking">{later(<LiveTrackingPage />)}</ModulePage>} />,
  <Route key="route-playback" path="/view-operations/route-playback" element={<ModulePage moduleId="route-playback">{later(<RoutePlaybackPage />)}</ModulePage>} />,
  <Route key="report-raw-logs" path="/reports/raw-logs" element={<ModulePage moduleId="report-raw-logs"><ResourceList resource={rawLogs} /></ModulePage>} />,
  <Route key="debug" path="/debug" element={<ModulePage moduleId="debug"><DebugPage /></ModulePage>} />,
  <Route key="change-password" path="/change-password" element={<Authenticated loading={<Splash />}><ChangePasswordPage /></Authenticated>} />,
  <Route key="device-details-id" path="/management/device-details/:id" element={<ModulePage moduleId="device-details"><DeviceDetailsPage /></ModulePage>} />,
  <Route key="device-details-term" path="/device-details/:searchTerm" element={<ModulePage moduleId="device-details"><DeviceDetailsPage /></ModulePage>} />,
  <Route key="route-kml" path="/management/route/add-kml" element={<ModulePage moduleId="add-kml-route"><RouteKmlPage /></ModulePage>} />,
  <Route key="wallet" path="/account/wallet" element={<ModulePage moduleId="account-wallet"><WalletPage /></ModulePage>} />,
  <Route key="wallet-transactions" path="/management/wallet/:id/transactions" element={<Authenticated><AccessGuard resource="wallet" action="view-wallet-transactions"><WalletTransactionsPage /></AccessGuard></Authenticated>} />,
  <Route key="settings" path="/management/settings/:id" element={<ModulePage moduleId="setting-organisation"><OrganisationSettingsPage /></ModulePage>} />,
  // raising an order is open to the device action raise-sim-activation as well as to the module's Add
  <Route key="sim-add" path="/sim-activation-order/add" element={<Authenticated><AccessGuard resource="sim-activation" action="create"><SimActivationFormPage /></AccessGuard></Authenticated>} />,
  <Route key="sim-edit" path="/sim-activation-order/edit/:device" element={<Authenticated><AccessGuard resource="sim-activation" action="edit-sim-activation-order"><SimActivationFormPage key="edit" /></AccessGuard></Authenticated>} />,
  // the fitment form is open to a device's create-activation as well as to the module's Add
  <Route key="fitment-add" path="/fitment/add" element={<Authenticated><AccessGuard resource="fitment" action="create"><FitmentFormPage /></AccessGuard></Authenticated>} />,
  <Route key="fitment-edit" path="/fitment/edit/:id" element={<Authenticated><AccessGuard resource="fitment" action="edit"><FitmentFormPage key="edit" /></AccessGuard></Authenticated>} />,
  ...resourceRoutes({ vehicle: ['/vehicle/edit/:id'] }, { user: ownProfile }),
  ...modules.filter((m) => !OWN_ROUTES.has(m.id) && !declaredModules.has(m.id)).map((m) => <Route key={m.id} path={m.path} element={page(m.id)} />),
];
