import { useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDateTime } from '../../core/format/date.ts';

interface PortCheck {
  imei: string;
  /** Whether a frame came in the last `withinMinutes` minutes: all a stranger is told. */
  received: boolean;
  withinMinutes: number;
  /** For a signed-in user who may read this IMEI's raw logs; null for anyone else. */
  detail: {
    framesLast24Hours: number;
    lastReceivedAt: string;
    parseResult: 'OK' | 'INVALID' | 'UNKNOWN_DEVICE';
    message: string | null;
  } | null;
}

/**
 * The public port checker: a fitter types a device's IMEI and sees whether its frames reach the
 * server now. A user who may read the device's raw logs also sees, signed in, when the last frame
 * came, how many came in 24 hours and whether it could be read. It never shows where the device is.
 */
export function PortCheckerPage() {
  const translate = useTranslate();
  const [imei, setImei] = useState('');
  const [result, setResult] = useState<PortCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResult((await apiCall<{ data: PortCheck }>(`/check-port?imei=${encodeURIComponent(imei.trim())}`)).data);
    } catch (failure) {
      setResult(null);
      setError(errorMessage(failure, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame title="pages.publicToolTitle" titleArgs={{ name: translate('pages.portChecker') }}>
      <Typography color="text.secondary" gutterBottom>
        {translate('tracking.portChecker.intro')}
      </Typography>
      <Box component="form" onSubmit={(e) => void check(e)} sx={{ display: 'flex', gap: 1, my: 2 }}>
        <TextField
          size="small"
          label={translate('tracking.portChecker.imei')}
          value={imei}
          onChange={(e) => setImei(e.target.value)}
          inputProps={{ inputMode: 'numeric' }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('tracking.portChecker.check')}
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert
          severity={
            result.received ? (!result.detail || result.detail.parseResult === 'OK' ? 'success' : 'warning') : 'info'
          }
          role="status"
        >
          <Typography>
            {translate(result.received ? 'tracking.portChecker.received' : 'tracking.portChecker.notReceived', {
              minutes: result.withinMinutes,
            })}
          </Typography>
          {result.detail && (
            <>
              <Typography>
                {translate('tracking.portChecker.lastReceived', { time: formatDateTime(result.detail.lastReceivedAt) })}
              </Typography>
              <Typography>
                {translate('tracking.portChecker.last24', { count: result.detail.framesLast24Hours })}
              </Typography>
              <Typography>
                {translate('tracking.portChecker.parseResult', {
                  result: translate(`tracking.portChecker.results.${result.detail.parseResult}`),
                })}
                {result.detail.message ? ` (${result.detail.message})` : ''}
              </Typography>
            </>
          )}
        </Alert>
      )}
      {result && !result.detail && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('tracking.portChecker.moreSignedIn')}
        </Typography>
      )}
    </PublicFrame>
  );
}
