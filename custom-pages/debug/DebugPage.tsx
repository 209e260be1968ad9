import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDateTime } from '../../core/format/date.ts';
import type { DebugFrame, EphemeralDevice } from '../../resources/debug.ts';
import { liveConnection } from '../../src/live/connection.ts';
import { FrameList } from './FrameList.tsx';

/**
 * The chosen device's frames: at once, then whenever the gateway keeps another, through the tab's
 * one live socket (src/live/connection.ts; server/debug/frame-watch.ts).
 */
function useFrames(deviceId: string | null) {
  const translate = useTranslate();
  const [state, setState] = useState<{ deviceId: string; frames: DebugFrame[] | null; gone: string | null } | null>(
    null,
  );
  useEffect(() => {
    if (!deviceId) return;
    return liveConnection.watchFrames(deviceId, (message) =>
      setState(
        'gone' in message
          ? { deviceId, frames: null, gone: translate(message.gone.messageKey, { _: message.gone.message }) }
          : { deviceId, frames: message.frames, gone: null },
      ),
    );
  }, [deviceId, translate]);
  // what was loaded for another device is not shown for this one
  return state && state.deviceId === deviceId ? state : { frames: null, gone: null };
}

/** /debug: an administrator's temporary devices (add by IMEI, keep, remove) and the chosen one's frames, live. */
export function DebugPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canAdd } = useCanAccess({ resource: 'add-ephemeral-device', action: 'access' });
  const [devices, setDevices] = useState<EphemeralDevice[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [imei, setImei] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { frames, gone } = useFrames(chosen);

  // bumped after each change to read the list again
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    apiCall<{ data: EphemeralDevice[] }>('/device/ephemeral').then(
      ({ data }) => {
        if (current) setDevices(data);
      },
      (e: unknown) => {
        if (current) setError(errorMessage(e, translate('auth.somethingWrong')));
      },
    );
    return () => {
      current = false;
    };
  }, [version, translate]);

  const act = async (work: () => Promise<{ message: string; data?: unknown }>, after?: (data: unknown) => void) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await work();
      notify(result.message, { type: 'success' });
      after?.(result.data);
      setVersion((v) => v + 1);
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    void act(
      () => apiCall('/device/ephemeral', 'POST', { imei: imei.trim() }),
      (data) => {
        setImei('');
        setChosen((data as EphemeralDevice).id);
      },
    );
  };
  const device = devices.find((d) => d.id === chosen);
  // the chosen device's newest frame is known as it arrives, the list's only when it is read again
  const lastFrameOf = (d: EphemeralDevice) => (d.id === chosen && frames?.[0] ? frames[0].receivedAt : d.lastFrameAt);

  return (
    <>
      <PageHeader title="menu.debug" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('debug.intro')}
      </Typography>
      {canAdd && (
        <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={translate('debug.imei')}
            value={imei}
            sx={{ width: { xs: '100%', sm: 280 } }}
            onChange={(e) => setImei(e.target.value.replace(/\D/g, ''))}
            inputProps={{ inputMode: 'numeric', maxLength: 15 }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('debug.add')}
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, gap: 2, alignItems: 'start' }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('debug.devices')}
            </Typography>
            {devices.length === 0 && <Typography color="text.secondary">{translate('debug.none')}</Typography>}
            <List dense>
              {devices.map((d) => (
                <Box key={d.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                  <ListItemButton selected={d.id === chosen} onClick={() => setChosen(d.id)}>
                    <ListItemText
                      primary={d.imei}
                      secondary={
                        <>
                          {d.expiresAt
                            ? translate('debug.expires', { time: formatDateTime(d.expiresAt) })
                            : translate('debug.kept')}
                          <br />
                          {lastFrameOf(d)
                            ? translate('debug.lastFrame', { time: formatDateTime(lastFrameOf(d)) })
                            : translate('debug.noFrameYet')}
                        </>
                      }
                    />
                  </ListItemButton>
                  {canAdd && (
                    <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1 }}>
                      {d.expiresAt && (
                        <Button
                          size="small"
                          disabled={busy}
                          aria-label={`${translate('debug.keep')} ${d.imei}`}
                          onClick={() => void act(() => apiCall(`/device/ephemeral/${d.id}/keep`, 'PUT'))}
                        >
                          {translate('debug.keep')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        aria-label={`${translate('debug.remove')} ${d.imei}`}
                        onClick={() =>
                          void act(
                            () => apiCall(`/device/ephemeral/${d.id}`, 'DELETE'),
                            () => {
                              if (chosen === d.id) setChosen(null);
                            },
                          )
                        }
                      >
                        {translate('debug.remove')}
                      </Button>
                    </Box>
                  )}
                </Box>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            {!device && <Typography color="text.secondary">{translate('debug.choose')}</Typography>}
            {device && (
              <>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
                  <Typography variant="h6" component="h2">
                    {translate('debug.frames', { imei: device.imei })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate('debug.live')}
                  </Typography>
                </Box>
                {gone && <Alert severity="warning">{gone}</Alert>}
                {frames && frames.length === 0 && <Alert severity="info">{translate('debug.waiting')}</Alert>}
                {frames && <FrameList frames={frames} />}
              </>
            )}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
