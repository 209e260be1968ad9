import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../../../providers/httpClient.ts';
import { errorMessage } from '../useFormCall.tsx';
import { AuthenticatorSetup } from './AuthenticatorSetup.tsx';
import { CodeField, hasCode, type CodeValue } from './CodeField.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

interface TotpState {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}
/** What the card is doing: showing the state, adding the app, or asking a code for an action. */
type Mode =
  | { kind: 'state' }
  | { kind: 'setup'; uri: string; secret: string }
  | { kind: 'prove'; action: 'disable' | 'recovery-codes' }
  | { kind: 'codes'; codes: string[] };

/** The profile's two-step sign-in: turn the authenticator app on or off, and make new recovery codes. */
export function TwoStepSignIn() {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<TotpState>();
  const [mode, setMode] = useState<Mode>({ kind: 'state' });
  const [value, setValue] = useState<CodeValue>({ code: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      apiCall<{ data: TotpState }>('/auth/totp')
        .then(({ data }) => setState(data))
        .catch((e) => setError(errorMessage(e, translate('auth.somethingWrong')))),
    [translate],
  );
  useEffect(() => void load(), [load]);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setBusy(false);
    }
  };
  const start = (next: Mode) => {
    setValue({ code: '' });
    setError(undefined);
    setMode(next);
  };
  const turnOn = () =>
    run(async () => {
      const { data } = await apiCall<{ data: { uri: string; secret: string } }>('/auth/totp/setup', 'POST', {});
      start({ kind: 'setup', ...data });
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasCode(value)) return;
    void run(async () => {
      const path =
        mode.kind === 'setup' ? '/auth/totp/confirm' : mode.kind === 'prove' ? `/auth/totp/${mode.action}` : '';
      const answer = await apiCall<{ message?: string; data?: { recoveryCodes?: string[] } }>(path, 'POST', value);
      if (answer.message) notify(answer.message, { type: 'success' });
      await load();
      start(answer.data?.recoveryCodes ? { kind: 'codes', codes: answer.data.recoveryCodes } : { kind: 'state' });
    });
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="two-step-title">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography variant="h6" component="h2" id="two-step-title">
            {translate('auth.totp.title')}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {state && mode.kind === 'state' && (
            <>
              <Typography variant="body2">
                {translate(state.enabled ? 'auth.totp.status.on' : 'auth.totp.status.off')}{' '}
                {state.required && translate('auth.totp.status.required')}
              </Typography>
              {state.enabled && (
                <Typography variant="body2" color="text.secondary">
                  {translate('auth.totp.status.left', { count: state.recoveryCodesLeft })}
                </Typography>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {!state.enabled && (
                  <Button variant="contained" onClick={turnOn} disabled={busy}>
                    {translate('auth.totp.turnOn')}
                  </Button>
                )}
                {state.enabled && (
                  <Button variant="outlined" onClick={() => start({ kind: 'prove', action: 'recovery-codes' })}>
                    {translate('auth.totp.newCodes')}
                  </Button>
                )}
                {state.enabled && !state.required && (
                  <Button color="error" onClick={() => start({ kind: 'prove', action: 'disable' })}>
                    {translate('auth.totp.turnOff')}
                  </Button>
                )}
              </Box>
            </>
          )}
          {(mode.kind === 'setup' || mode.kind === 'prove') && (
            <Stack component="form" spacing={2} onSubmit={submit} noValidate>
              {mode.kind === 'setup' ? (
                <AuthenticatorSetup uri={mode.uri} secret={mode.secret} />
              ) : (
                <Typography variant="body2">{translate('auth.totp.proveTitle')}</Typography>
              )}
              <CodeField value={value} onChange={setValue} allowRecovery={mode.kind === 'prove'} />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button type="submit" variant="contained" disabled={busy || !hasCode(value)}>
                  {translate(
                    mode.kind === 'setup'
                      ? 'auth.totp.confirm'
                      : mode.action === 'disable'
                        ? 'auth.totp.turnOff'
                        : 'auth.totp.newCodes',
                  )}
                </Button>
                <Button onClick={() => start({ kind: 'state' })}>{translate('auth.totp.cancel')}</Button>
              </Box>
            </Stack>
          )}
          {mode.kind === 'codes' && <RecoveryCodes codes={mode.codes} onDone={() => start({ kind: 'state' })} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
