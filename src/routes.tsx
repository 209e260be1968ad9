import { Navigate, Route } from 'react-router-dom';
import { Authenticated } from 'react-admin';
import { modules, resources } from '../resources/modules.ts';
import { hasOwnScreen } from '../resources/define.ts';
import { readPermissions, readSession } from '../providers/session.ts';
import { landingPath } from './layout/landing.ts';
import { declaredResources, extraEditRoutes, reactAdminPathRoutes } from './resources/routes.tsx';
import { AccessGuard, ModulePage } from './pages/ModulePage.tsx';
import rawLogs from '../resources/entities/raw-logs.ts';
import { reports } from '../resources/reports/index.ts';
import { StatusPage } from './pages/StatusPage.tsx';
import { Splash } from './Splash.tsx';
import { lazyPage } from './lazyPage.tsx';
// in the first chunk: a signed-out deep link lands here, and a chunk of its own would be one more round trip before the form shows
// (a visit to /auth/login itself runs the sign-in page's own entry, src/sign-in.tsx)
import { LoginRoute } from './pages/auth/LoginRoute.tsx';
import { SIGN_IN_PATH } from '../core/sign-in-path.ts';
import { ScrollToTop } from './layout/ScrollToTop.tsx';

// every other page is a chunk of its own: the sign-in page must not carry the forms, maps and charts of the others
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const ChangePasswordPage = lazyPage(() => import('./pages/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const ApiTokensPage = lazyPage(() => import('./pages/api-tokens/ApiTokensPage.tsx'), 'ApiTokensPage');
const ProfilePage = lazyPage(() => import('./pages/ProfilePage.tsx'), 'ProfilePage');
const TermsPage = lazyPage(() => import('./pages/publicPages.tsx'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('./pages/publicPages.tsx'), 'PrivacyPage');
const ContactPage = lazyPage(() => import('./pages/publicPages.tsx'), 'ContactPage');
const CertificatePage = lazyPage(() => import('../custom-pages/certificate/CertificatePage.tsx'), 'CertificatePage');
const RenewalPaymentPage = lazyPage(
  () => import('../custom-pages/renewal/RenewalPaymentPage.tsx'),
  'RenewalPaymentPage',
);
const WalletPage = lazyPage(() => import('../custom-pages/wallet/WalletPage.tsx'), 'WalletPage');
const WalletTransactionsPage = lazyPage(
  () => import('../custom-pages/wallet/WalletPage.tsx'),
  'WalletTransactionsPage',
);
const PortCheckerPage = lazyPage(() => import('../custom-pages/port-checker/PortCheckerPage.tsx'), 'PortCheckerPage');
const CentreViewerPage = lazyPage(
  () => import('../custom-pages/centre-viewer/CentreViewerPage.tsx'),
  'CentreViewerPage',
);
const SharedLivePage = lazyPage(() => import('../custom-pages/shared/SharedPages.tsx'), 'SharedLivePage');
const SharedPlaybackPage = lazyPage(() => import('../custom-pages/shared/SharedPages.tsx'), 'SharedPlaybackPage');
const VehicleStatusPage = lazyPage(
  () => import('../custom-pages/vehicle-status/VehicleStatusPage.tsx'),
  'VehicleStatusPage',
);
const LiveTrackingPage = lazyPage(
  () => import('../custom-pages/live-tracking/LiveTrackingPage.tsx'),
  'LiveTrackingPage',
);
const RoutePlaybackPage = lazyPage(
  () => import('../custom-pages/route-playback/RoutePlaybackPage.tsx'),
  'RoutePlaybackPage',
);
const DebugPage = lazyPage(() => import('../custom-pages/debug/DebugPage.tsx'), 'DebugPage');
const DeviceDetailsPage = lazyPage(
  () => import('../custom-pages/device-details/DeviceDetailsPage.tsx'),
  'DeviceDetailsPage',
);
const RouteKmlPage = lazyPage(() => import('../custom-pages/route-kml/RouteKmlPage.tsx'), 'RouteKmlPage');
const OrganisationSettingsPage = lazyPage(
  () => import('../custom-pages/organisation-settings/OrganisationSettingsPage.tsx'),
  'OrganisationSettingsPage',
);
const SimActivationFormPage = lazyPage(
  () => import('../custom-pages/sim-activation/SimActivationFormPage.tsx'),
  'SimActivationFormPage',
);
const FitmentFormPage = lazyPage(() => import('../custom-pages/fitment/FitmentFormPage.tsx'), 'FitmentFormPage');
const VehicleTimelinePage = lazyPage(
  () => import('../custom-pages/vehicle-timeline/VehicleTimelinePage.tsx'),
  'VehicleTimelinePage',
);
const ReportRoutePage = lazyPage(() => import('../custom-pages/reports/ReportPage.tsx'), 'ReportRoutePage');
const DutyReportPage = lazyPage(() => import('../custom-pages/duty-report/DutyReportPage.tsx'), 'DutyReportPage');
const DashboardPage = lazyPage(() => import('../custom-pages/dashboard/DashboardPage.tsx'), 'DashboardPage');
const DashboardV2Page = lazyPage(() => import('../custom-pages/dashboard/ChartsDashboard.tsx'), 'DashboardV2Page');
const FleetDashboardPage = lazyPage(
  () => import('../custom-pages/dashboard/ChartsDashboard.tsx'),
  'FleetDashboardPage',
);
const ResourceList = lazyPage(() => import('./resources/ResourceList.tsx'), 'ResourceList');

/** Routes open to anyone, outside the signed-in layout (spec platform-shell §2). */
export const publicRoutes = [
  <Route key="login" path={SIGN_IN_PATH} element={<LoginRoute />} />,
  <Route
    key="forgot"
    path="/auth/forgot-password"
    element={
      <>
        <ScrollToTop />
        <ForgotPasswordPage />
      </>
    }
  />,
  <Route
    key="reset"
    path="/auth/reset-password/:otpToken"
    element={
      <>
        <ScrollToTop />
        <ResetPasswordPage />
      </>
    }
  />,
  <Route key="terms" path="/public/term-of-use" element={<TermsPage />} />,
  <Route key="privacy" path="/public/privacy" element={<PrivacyPage />} />,
  <Route key="contact" path="/public/contact-us" element={<ContactPage />} />,
  <Route key="renewal" path="/public/renewal-payment" element={<RenewalPaymentPage />} />,
  <Route key="port" path="/public/port-checker" element={<PortCheckerPage />} />,
  <Route key="ssc" path="/public/ssc-viewer" element={<CentreViewerPage kind="SSC" />} />,
  <Route key="rfc" path="/public/rfc-viewer" element={<CentreViewerPage kind="RFC" />} />,
  <Route key="share-live" path="/public/share/live-tracking" element={<SharedLivePage />} />,
  <Route key="share" path="/public/:context/share/:collectionId" element={<SharedPlaybackPage />} />,
  <Route key="certificate" path="/certificate/:id" element={<CertificatePage />} />,
  <Route key="status" path="/status" element={<StatusPage kind="notFound" />} />,
  <Route key="500" path="/500" element={<StatusPage kind="serverError" />} />,
  <Route key="maintenance" path="/maintenance" element={<StatusPage kind="maintenance" />} />,
  <Route key="coming-soon" path="/coming-soon" element={<StatusPage kind="comingSoon" />} />,
];

/** /management/user/edit/{own id} is the user menu's Profile, open to every role. */
const ownProfile = (id: string) =>
  readSession()?.user.id === id ? (
    <Authenticated>
      <ProfilePage />
    </Authenticated>
  ) : null;

const page = (moduleId: string) => <ModulePage moduleId={moduleId} />;

/** `/`: the signed-in user's first page (src/layout/landing.ts), never one their role cannot open. */
function Landing() {
  const session = readSession();
  return <Navigate to={landingPath(session?.role.isSuperAdmin, readPermissions(), session?.user.id)} replace />;
}

/** Modules whose pages are routed above rather than from the registry. */
const OWN_ROUTES = new Set([
  'vehicle-status',
  'dashboard',
  'dashboard-v2',
  'fleet-dashboard',
  'live-tracking',
  'route-playback',
  'report-raw-logs',
  'debug',
  'account-wallet',
  'report-vehicle-timeline',
  'duty-report',
  ...reports.map((r) => `report-${r.slug}`),
]);

/** Signed-in routes inside the layout: the custom pages and every module of the registry, guarded by its permission id. */
export const layoutRoutes = () => [
  <Route
    key="root"
    path="/"
    element={
      <Authenticated loading={<Splash />}>
        <Landing />
      </Authenticated>
    }
  />,
  <Route
    key="vehicle-status"
    path="/vehicle-status"
    element={
      <ModulePage moduleId="vehicle-status">
        <VehicleStatusPage />
      </ModulePage>
    }
  />,
  <Route
    key="dashboard"
    path="/dashboard"
    element={
      <ModulePage moduleId="dashboard">
        <DashboardPage />
      </ModulePage>
    }
  />,
  <Route
    key="dashboard-v2"
    path="/dashboardv2"
    element={
      <ModulePage moduleId="dashboard-v2">
        <DashboardV2Page />
      </ModulePage>
    }
  />,
  <Route
    key="fleet-dashboard"
    path="/fleet-dashboard"
    element={
      <ModulePage moduleId="fleet-dashboard">
        <FleetDashboardPage />
      </ModulePage>
    }
  />,
  <Route
    key="live-tracking"
    path="/view-operations/live-tracking"
    element={
      <ModulePage moduleId="live-tracking">
        <LiveTrackingPage />
      </ModulePage>
    }
  />,
  <Route
    key="route-playback"
    path="/view-operations/route-playback"
    element={
      <ModulePage moduleId="route-playback">
        <RoutePlaybackPage />
      </ModulePage>
    }
  />,
  <Route
    key="report-raw-logs"
    path="/reports/raw-logs"
    element={
      <ModulePage moduleId="report-raw-logs">
        <ResourceList resource={rawLogs} />
      </ModulePage>
    }
  />,
  <Route
    key="report-vehicle-timeline"
    path="/reports/vehicle-timeline"
    element={
      <ModulePage moduleId="report-vehicle-timeline">
        <VehicleTimelinePage />
      </ModulePage>
    }
  />,
  // every declared report (resources/reports/index.ts) on the one report page; the static paths above and below win over it
  <Route key="reports" path="/reports/:slug" element={<ReportRoutePage />} />,
  <Route
    key="duty-report"
    path="/duty-report"
    element={
      <ModulePage moduleId="duty-report">
        <DutyReportPage />
      </ModulePage>
    }
  />,
  <Route
    key="debug"
    path="/debug"
    element={
      <ModulePage moduleId="debug">
        <DebugPage />
      </ModulePage>
    }
  />,
  <Route
    key="api-tokens"
    path="/account/api-tokens"
    element={
      <Authenticated loading={<Splash />}>
        <ApiTokensPage />
      </Authenticated>
    }
  />,
  <Route
    key="change-password"
    path="/change-password"
    element={
      <Authenticated loading={<Splash />}>
        <ChangePasswordPage />
      </Authenticated>
    }
  />,
  <Route
    key="device-details-id"
    path="/management/device-details/:id"
    element={
      <ModulePage moduleId="device-details">
        <DeviceDetailsPage />
      </ModulePage>
    }
  />,
  <Route
    key="device-details-term"
    path="/device-details/:searchTerm"
    element={
      <ModulePage moduleId="device-details">
        <DeviceDetailsPage />
      </ModulePage>
    }
  />,
  <Route
    key="route-kml"
    path="/management/route/add-kml"
    element={
      <ModulePage moduleId="add-kml-route">
        <RouteKmlPage />
      </ModulePage>
    }
  />,
  <Route
    key="wallet"
    path="/account/wallet"
    element={
      <ModulePage moduleId="account-wallet">
        <WalletPage />
      </ModulePage>
    }
  />,
  <Route
    key="wallet-transactions"
    path="/management/wallet/:id/transactions"
    element={
      <Authenticated>
        <AccessGuard resource="wallet" action="view-wallet-transactions">
          <WalletTransactionsPage />
        </AccessGuard>
      </Authenticated>
    }
  />,
  <Route
    key="settings"
    path="/management/settings/:id"
    element={
      <ModulePage moduleId="setting-organisation">
        <OrganisationSettingsPage />
      </ModulePage>
    }
  />,
  // raising an order is open to the device action raise-sim-activation as well as to the module's Add
  <Route
    key="sim-add"
    path="/sim-activation-order/add"
    element={
      <Authenticated>
        <AccessGuard resource="sim-activation" action="create">
          <SimActivationFormPage />
        </AccessGuard>
      </Authenticated>
    }
  />,
  <Route
    key="sim-edit"
    path="/sim-activation-order/edit/:device"
    element={
      <Authenticated>
        <AccessGuard resource="sim-activation" action="edit-sim-activation-order">
          <SimActivationFormPage key="edit" />
        </AccessGuard>
      </Authenticated>
    }
  />,
  // the fitment form is open to a device's create-activation as well as to the module's Add
  <Route
    key="fitment-add"
    path="/fitment/add"
    element={
      <Authenticated>
        <AccessGuard resource="fitment" action="create">
          <FitmentFormPage />
        </AccessGuard>
      </Authenticated>
    }
  />,
  <Route
    key="fitment-edit"
    path="/fitment/edit/:id"
    element={
      <Authenticated>
        <AccessGuard resource="fitment" action="edit">
          <FitmentFormPage key="edit" />
        </AccessGuard>
      </Authenticated>
    }
  />,
  ...extraEditRoutes({ vehicle: ['/vehicle/edit/:id'] }),
  ...reactAdminPathRoutes(),
  ...modules
    .filter((m) => !OWN_ROUTES.has(m.id) && !resources.some((r) => hasOwnScreen(r) && r.module === m.id))
    .map((m) => <Route key={m.id} path={m.path} element={page(m.id)} />),
];

/** The declared entities as react-admin resources at the spec's URLs (src/resources/DeclaredResource.tsx). */
export const resourceElements = () => declaredResources({ user: ownProfile });
