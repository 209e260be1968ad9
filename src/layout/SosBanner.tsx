import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import WarningIcon from '@mui/icons-material/Warning';
import { useGetIdentity, useNotify, usePermissions, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { hasPermission } from '../../core/permissions.ts';
import { formatDateTime } from '../../core/format/date.ts';
import { ACKNOWLEDGE_SOS, MAX_NOTE_LENGTH, SEE_OPEN_SOS, type OpenSos } from '../../core/sos.ts';
import { playAlarm } from '../live/alarm.ts';
import { errorMessage } from '../pages/auth/useFormCall.tsx';
import { placeLink } from '../../resources/reports/format.ts';

/** How often the open SOS cases are asked for: a new one shows within seconds on any page. */
export const SOS_POLL_MS = 3000;
/** How often the alarm sounds again while an SOS is open. */
const ALARM_REPEAT_MS = 20_000;
/** Cases shown in full; the rest are counted. */
const SHOWN = 3;

const placeOf = (sos: OpenSos) =>
  sos.latitude !== null && sos.longitude !== null ? `${sos.latitude.toFixed(5)}, ${sos.longitude.toFixed(5)}` : null;

/** The note dialog of an acknowledgement. */
function AcknowledgeDialog({ sos, onClose }: { sos: OpenSos; onClose: (done: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await apiCall(`/sos/${sos.id}/acknowledge`, 'POST', { note });
      notify(result.message, { type: 'success' });
      onClose(true);
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit}>
        <DialogTitle>{translate('sos.acknowledge.title', { vehicle: sos.registrationNumber ?? sos.imei })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate('sos.acknowledge.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? translate('sos.acknowledge.noteHelp')}
            inputProps={{ maxLength: MAX_NOTE_LENGTH }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{translate('sos.acknowledge.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy || !note.trim()}>
            {translate('sos.acknowledge.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * A red banner on every page of the console with each open SOS of the user's tree (vehicle, time,
 * place) and the alarm of the live map, until someone acknowledges it (server/sos/routes.ts). It
 * asks GET /sos/open every few seconds; the console keeps no live socket outside the live map.
 */
export function SosBanner() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  const superAdmin = identity?.isSuperAdmin === true;
  const sees = SEE_OPEN_SOS.some((id) => hasPermission(superAdmin, permissions ?? [], id));
  const mayAcknowledge = hasPermission(superAdmin, permissions ?? [], ACKNOWLEDGE_SOS);
  const [open, setOpen] = useState<OpenSos[]>([]);
  const [acknowledging, setAcknowledging] = useState<OpenSos | null>(null);
  const lastAlarm = useRef(new Map<string, number>());

  const load = useCallback(async () => {
    try {
      const { data } = await apiCall<{ data: OpenSos[] }>('/sos/open');
      setOpen(data);
      const now = Date.now();
      const due = data.some((sos) => now - (lastAlarm.current.get(sos.id) ?? 0) >= ALARM_REPEAT_MS);
      if (due) {
        playAlarm();
        for (const sos of data) lastAlarm.current.set(sos.id, now);
      }
    } catch {
      // signed out or offline a moment: the next poll tries again
    }
  }, []);

  useEffect(() => {
    if (!sees) return;
    const first = setTimeout(() => void load(), 0);
    const timer = setInterval(() => void load(), SOS_POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [sees, load]);

  if (!sees || !open.length) return null;
  return (
    <Box
      role="alert"
      aria-label={translate('sos.banner.label')}
      sx={{ bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 1, px: 2, py: 1, mb: 2 }}
    >
      {open.slice(0, SHOWN).map((sos) => {
        const place = placeOf(sos);
        const vehicle = sos.registrationNumber ?? sos.imei;
        return (
          <Box
            key={sos.id}
            data-testid="sos-case"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <WarningIcon aria-hidden />
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography component="div" sx={{ fontWeight: 700 }}>
                {translate('sos.banner.title', { vehicle })}
              </Typography>
              <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {translate('sos.banner.detail', {
                  time: formatDateTime(sos.openedAt),
                  place: place ?? translate('sos.banner.noPlace'),
                })}
                {sos.escalationLevel > 0 && ` · ${translate('sos.banner.escalated', { level: sos.escalationLevel })}`}
                {sos.releasedAt && ` · ${translate('sos.banner.released')}`}
                {place && (
                  <>
                    {' · '}
                    <Link
                      color="inherit"
                      href={placeLink({ latitude: sos.latitude!, longitude: sos.longitude! })}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {translate('sos.banner.map')}
                    </Link>
                  </>
                )}
              </Typography>
            </Box>
            {mayAcknowledge && (
              <Button
                variant="contained"
                color="inherit"
                sx={{ color: 'error.main', bgcolor: 'common.white', flexShrink: 0 }}
                onClick={() => setAcknowledging(sos)}
              >
                {translate('sos.banner.acknowledge')}
              </Button>
            )}
          </Box>
        );
      })}
      {open.length > SHOWN && (
        <Typography variant="body2">{translate('sos.banner.more', { smart_count: open.length - SHOWN })}</Typography>
      )}
      {acknowledging && (
        <AcknowledgeDialog
          sos={acknowledging}
          onClose={(done) => {
            setAcknowledging(null);
            if (done) void load();
          }}
        />
      )}
    </Box>
  );
}
