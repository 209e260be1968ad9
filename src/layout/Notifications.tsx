import { useEffect } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { useNotificationContext, useTranslate } from 'react-admin';
import { SIGNED_OUT_MESSAGE } from '../../providers/authProvider.ts';

export const MAX_NOTIFICATIONS = 6;
const DEFAULT_DURATION = 4000;

function NotificationPump() {
  const { notifications, takeNotification } = useNotificationContext();
  const { enqueueSnackbar } = useSnackbar();
  const translate = useTranslate();
  useEffect(() => {
    // takeNotification reads the state of this render: take one, the re-render brings the next
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    const { message, type, notificationOptions } = next;
    if (message === SIGNED_OUT_MESSAGE) return;
    const {
      messageArgs,
      autoHideDuration,
      multiLine: _multiLine,
      undoable: _undoable,
      ...rest
    } = notificationOptions ?? {};
    const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
    const variant = type === 'warning' || type === 'error' || type === 'success' ? type : 'info';
    enqueueSnackbar(text, { variant, autoHideDuration: autoHideDuration ?? DEFAULT_DURATION, ...(rest as object) });
  }, [notifications, takeNotification, enqueueSnackbar, translate]);
  return null;
}

/** react-admin's notifications, up to six stacked at the bottom right (react-admin shows one at a time). */
export function StackedNotifications() {
  return (
    <SnackbarProvider
      maxSnack={MAX_NOTIFICATIONS}
      preventDuplicate
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <NotificationPump />
    </SnackbarProvider>
  );
}
