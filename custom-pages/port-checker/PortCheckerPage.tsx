import { useState } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDateTime } from '../../core/format/date.ts';

interface PortCheck {
  imei: string;
  received: boolean;
  framesLast24Hours: number;
  lastReceivedAt: string | null;
  parseResult: 'OK' | 'INVALID' | 'UNKNOWN_DEVICE' | null;
  message: string | null;
}

/**
 * The public port checker: a fitter types a device's IMEI and sees whether its frames reach the
 * server, when the last one came and whether it could be read. It never shows where the device is.
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
      <Typography color="text.secondary" gutterBottom>{translate('tracking.portChecker.intro')}</Typography>
      <Box component="form" onSubmit={(e) => void check(e)} sx={{ display: 'flex', gap: 1, my: 2 }}>
        <TextField size="small" label={translate('tracking.portChecker.imei')} value={imei} onChange={(e) => setImei(e.target.value)} inputProps={{ inputMode: 'numeric' }} />
        <Button type="submit" variant="contained" disabled={busy}>{translate('tracking.portChecker.check')}</Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.received ? (result.parseResult === 'OK' ? 'success' : 'warning') : 'info'} role="status">
          <Typography>{translate(result.received ? 'tracking.portChecker.received' : 'tracking.portChecker.notReceived')}</Typography>
          {result.lastReceivedAt && <Typography>{translate('tracking.portChecker.lastReceived', { time: formatDateTime(result.lastReceivedAt) })}</Typography>}
          {result.received && <Typography>{translate('tracking.portChecker.last24', { count: result.framesLast24Hours })}</Typography>}
          {result.parseResult && (
            <Typography>
              {translate('tracking.portChecker.parseResult', { result: translate(`tracking.portChecker.results.${result.parseResult}`) })}
              {result.message ? ` (${result.message})` : ''}
            </Typography>
          )}
        </Alert>
      )}
    </PublicFrame>
  );
}
