import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import KeyIcon from '@mui/icons-material/Key';
import TokenIcon from '@mui/icons-material/Token';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Link } from 'react-router-dom';
import {
  UserMenu as RaUserMenu,
  useCanAccess,
  useGetIdentity,
  useLogout,
  useNotify,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { PushMenuItem } from './PushMenuItem.tsx';

function LinkItem({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

function SignOutItem() {
  const translate = useTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const signOut = async () => {
    await logout({}, '/', false);
    notify('auth.loggedOut', { type: 'success' });
  };
  return (
    <MenuItem onClick={signOut}>
      <ListItemIcon>
        <LogoutIcon />
      </ListItemIcon>
      <ListItemText>{translate('layout.signOut')}</ListItemText>
    </MenuItem>
  );
}

export function UserMenu() {
  const { identity } = useGetIdentity();
  // by the permission id, never the role's name: account-wallet is granted to ADMIN and RFC_ADMIN (spec), and SUPER_ADMIN sees every entry
  const { canAccess: wallet } = useCanAccess({ resource: 'account-wallet', action: 'access' });
  return (
    <RaUserMenu>
      {identity && (
        <LinkItem to={`/management/user/edit/${identity.id}`} icon={<PersonIcon />} label="layout.profile" />
      )}
      <LinkItem to="/change-password" icon={<KeyIcon />} label="layout.changePassword" />
      <LinkItem to="/account/api-tokens" icon={<TokenIcon />} label="layout.apiTokens" />
      {wallet && <LinkItem to="/account/wallet" icon={<WalletIcon />} label="layout.wallet" />}
      <PushMenuItem />
      <SignOutItem />
    </RaUserMenu>
  );
}
