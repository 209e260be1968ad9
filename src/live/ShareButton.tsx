import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';
import { formatDateTime } from '../../core/format/date.ts';

const HOURS = [1, 8, 24, 168];

interface Share {
  id: string;
  kind: 'live' | 'playback';
  expiresAt: string;
}

/**
 * Share a vehicle's live position or a playback: choose how long the link works, create it, copy
 * it, and withdraw any link still working. Offered to roles holding share-live-tracking or
 * share-playback; the server checks the same.
 */
export function ShareButton({
  kind,
  vehicleId,
  from,
  to,
}: {
  kind: 'live' | 'playback';
  vehicleId: string;
  from?: string;
  to?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({
    resource: kind === 'live' ? 'share-live-tracking' : 'share-playback',
    action: 'access',
  });
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(24);
  const [link, setLink] = useState<string | null>(null);
  const [active, setActive] = useState<Share[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    apiCall<{ data: Share[] }>(`/share-playback?vehicleId=${vehicleId}`).then(
      (answer) => setActive(answer.data),
      () => setActive([]),
    );
  }, [vehicleId]);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  if (!canAccess) return null;

  const create = async () => {
    setError(null);
    try {
      const answer = await apiCall<{ data: { url: string } }>('/share-playback', 'POST', {
        kind,
        vehicleId,
        expiresInHours: hours,
        ...(kind === 'playback' ? { from, to } : {}),
      });
      setLink(`${window.location.origin}${answer.data.url}`);
      load();
    } catch (failure) {
      setError(errorMessage(failure, translate('auth.somethingWrong')));
    }
  };
  const withdraw = async (id: string) => {
    await apiCall(`/share-playback/${id}`, 'DELETE');
    notify('tracking.share.withdrawn', { type: 'success' });
    load();
  };
  const label = translate(kind === 'live' ? 'tracking.share.live' : 'tracking.share.playback');
  return (
    <>
      <Button
        size="small"
        startIcon={<ShareIcon />}
        onClick={() => {
          setLink(null);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <TextField
            select
            size="small"
            label={translate('tracking.share.expiresIn')}
            value={hours}
            onChange={(e) => setHours(Number(e.target.value))}
            sx={{ mt: 1, minWidth: 200 }}
          >
            {HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                {translate(`tracking.share.hours.${h}`)}
              </MenuItem>
            ))}
          </TextField>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          {link && (
            <Alert
              severity="success"
              sx={{ mt: 2, wordBreak: 'break-all' }}
              action={
                <Button
                  size="small"
                  onClick={() => void navigator.clipboard?.writeText(link).then(() => notify('tracking.share.copied'))}
                >
                  {translate('tracking.share.copy')}
                </Button>
              }
            >
              <Typography variant="body2" data-testid="share-link">
                {link}
              </Typography>
            </Alert>
          )}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('tracking.share.active')}
          </Typography>
          {active.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('tracking.share.none')}
            </Typography>
          )}
          <List dense>
            {active.map((share) => (
              <ListItem
                key={share.id}
                secondaryAction={
                  <IconButton edge="end" size="small" onClick={() => void withdraw(share.id)}>
                    <Typography variant="button">{translate('tracking.share.withdraw')}</Typography>
                  </IconButton>
                }
              >
                <ListItemText
                  primary={translate(`tracking.share.kinds.${share.kind}`)}
                  secondary={translate('tracking.share.expires', { time: formatDateTime(share.expiresAt) })}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
          <Button variant="contained" onClick={() => void create()}>
            {translate('tracking.share.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
