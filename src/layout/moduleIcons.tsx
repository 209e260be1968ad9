import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import BuildIcon from '@mui/icons-material/Build';
import SimCardIcon from '@mui/icons-material/SimCard';
import DescriptionIcon from '@mui/icons-material/Description';
import RouterIcon from '@mui/icons-material/Router';
import PeopleIcon from '@mui/icons-material/People';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import GroupWorkIcon from '@mui/icons-material/GroupWork';
import RouteIcon from '@mui/icons-material/Route';
import MapIcon from '@mui/icons-material/Map';
import WorkIcon from '@mui/icons-material/Work';
import PlaceIcon from '@mui/icons-material/Place';
import FenceIcon from '@mui/icons-material/Fence';
import TerminalIcon from '@mui/icons-material/Terminal';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CategoryIcon from '@mui/icons-material/Category';
import Inventory2Icon from '@mui/icons-material/Inventory2';

const icons: Record<string, React.ReactElement> = {
  'vehicle-status': <DirectionsCarIcon />,
  dashboard: <DashboardIcon />,
  'dashboard-v2': <SpaceDashboardIcon />,
  'fleet-dashboard': <LocalShippingIcon />,
  'live-tracking': <MyLocationIcon />,
  fitment: <BuildIcon />,
  'sim-activation-order': <SimCardIcon />,
  'management-device': <RouterIcon />,
  'management-vehicle': <DirectionsCarIcon />,
  'management-user': <PeopleIcon />,
  'management-organisation': <CorporateFareIcon />,
  'management-role': <AdminPanelSettingsIcon />,
  'management-groups': <GroupWorkIcon />,
  'management-route': <RouteIcon />,
  'management-admin-division': <MapIcon />,
  'management-job': <WorkIcon />,
  'management-POI': <PlaceIcon />,
  'management-geofence': <FenceIcon />,
  'management-raw-logs': <TerminalIcon />,
  'management-wallet': <WalletIcon />,
  'management-device-model': <CategoryIcon />,
  'management-item': <Inventory2Icon />,
};

export const moduleIcon = (id: string) => icons[id] ?? <DescriptionIcon />;
