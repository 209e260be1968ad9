import { useEffect, useState } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { useNotify, useTranslate, useUserMenu } from 'react-admin';
import { errorMessage } from '../pages/auth/useFormCall.tsx';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../push/webPush.ts';

/**
 * The user menu's switch for web push in this browser: "Turn on notifications" asks the browser's
 * permission and subscribes (src/push/webPush.ts); "Turn off" forgets the subscription. Not shown
 * where the browser has no push (an insecure address, an old browser).
 */
export function PushMenuItem() {
  const translate = useTranslate();
  const notify = useNotify();
  const menu = useUserMenu();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  if (!state || state === 'unsupported') return null;
  const on = state === 'on';
  const toggle = async () => {
    setBusy(true);
    try {
      const next = on ? await turnPushOff() : await turnPushOn();
      setState(next);
      if (next === 'denied') notify('push.denied', { type: 'warning', autoHideDuration: 8000 });
      else notify(next === 'on' ? 'push.turnedOn' : 'push.turnedOff', { type: 'success' });
      menu?.onClose();
    } catch (error) {
      notify(translate('push.failed', { reason: errorMessage(error, translate('auth.somethingWrong')) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <MenuItem onClick={() => void toggle()} disabled={busy} title={translate(on ? 'push.on' : 'push.intro')}>
      <ListItemIcon>{on ? <NotificationsOffIcon /> : <NotificationsActiveIcon />}</ListItemIcon>
      <ListItemText>{translate(on ? 'push.turnOff' : 'push.turnOn')}</ListItemText>
    </MenuItem>
  );
}
