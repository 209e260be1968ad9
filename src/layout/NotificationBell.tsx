import { useCallback, useEffect, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DoneIcon from '@mui/icons-material/Done';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';

/** How often the bell asks for the unread count. */
export const BELL_POLL_MS = 30_000;

interface UserNotification {
  id: string;
  title: string;
  body: string;
  vehicleId: string | null;
  readAt: string | null;
  createdAt: string;
}
interface Mine {
  data: { notifications: UserNotification[]; unread: number };
}

/**
 * The console channel of the alert rules (issue 26): a bell in the app bar with the unread count,
 * asked every 30 s, and the list of the user's notifications (mark read, mark all read, open the
 * vehicle). Server: server/alerts/bell-routes.ts.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [unread, setUnread] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<UserNotification[] | null>(null);

  const count = useCallback(async () => {
    try {
      setUnread((await apiCall<{ data: { unread: number } }>('/notifications/unread-count')).data.unread);
    } catch {
      // signed out or offline: the next poll tries again
    }
  }, []);
  const load = useCallback(async () => {
    const mine = await apiCall<Mine>('/notifications/mine');
    setItems(mine.data.notifications);
    setUnread(mine.data.unread);
  }, []);

  useEffect(() => {
    // the first look right after mounting, then every BELL_POLL_MS
    const first = setTimeout(() => void count(), 0);
    const timer = setInterval(() => void count(), BELL_POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [count]);

  const open = (event: React.MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void load().catch(() => setItems([]));
  };
  const markRead = async (item: UserNotification) => {
    if (item.readAt) return;
    const answer = await apiCall<{ data: { unread: number } }>(`/notifications/${item.id}/read`, 'POST');
    setUnread(answer.data.unread);
    setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, readAt: new Date().toISOString() } : n)) ?? null);
  };
  const markAll = async () => {
    await apiCall('/notifications/read-all', 'POST');
    setUnread(0);
    setItems((list) => list?.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() })) ?? null);
  };
  const openVehicle = (item: UserNotification) => {
    void markRead(item);
    setAnchor(null);
    if (item.vehicleId) navigate(`/vehicle/edit/${item.vehicleId}`);
  };

  const label = translate('alerts.bell.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={open}
          aria-label={label}
          data-testid="notification-bell"
          data-unread={unread}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: 480 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>
            {label}
            {unread > 0 && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {translate('alerts.bell.unread', { count: unread })}
              </Typography>
            )}
          </Typography>
          <Button size="small" onClick={() => void markAll()} disabled={unread === 0}>
            {translate('alerts.bell.markAllRead')}
          </Button>
        </Box>
        <Divider />
        {items && items.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('alerts.bell.empty')}
          </Typography>
        )}
        <List dense disablePadding aria-label={label}>
          {items?.map((item) => (
            <ListItem
              key={item.id}
              disablePadding
              secondaryAction={
                item.readAt ? undefined : (
                  <Tooltip title={translate('alerts.bell.markRead')}>
                    <IconButton
                      edge="end"
                      aria-label={translate('alerts.bell.markRead')}
                      onClick={() => void markRead(item)}
                    >
                      <DoneIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemButton
                onClick={() => openVehicle(item)}
                disabled={!item.vehicleId}
                aria-label={item.vehicleId ? `${translate('alerts.bell.openVehicle')}: ${item.title}` : item.title}
                sx={{ opacity: item.readAt ? 0.7 : 1 }}
              >
                <ListItemText
                  primary={item.title}
                  secondary={item.body}
                  slotProps={{ primary: { sx: { fontWeight: item.readAt ? 400 : 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
