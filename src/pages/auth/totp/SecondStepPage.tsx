import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../../providers/httpClient.ts';
import { finishSignIn, type SecondStep } from '../../../../providers/signIn.ts';
import { setFlash } from '../../../flash.ts';
import { AuthFrame } from '../AuthFrame.tsx';
import { errorMessage, FormCallMessage, useFormCall } from '../useFormCall.tsx';
import { AuthenticatorSetup } from './AuthenticatorSetup.tsx';
import { CodeField, hasCode, type CodeValue } from './CodeField.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/**
 * The sign-in's second step, after a right password: the code from the authenticator app (or a
 * recovery code), or, where the organisation requires one of its administrators, adding the app
 * first. The sign-in form itself stays as the spec draws it.
 */
export default function SecondStepPage({ step, next, onBack }: { step: SecondStep; next: string; onBack: () => void }) {
  const translate = useTranslate();
  const enrol = step.secondStep === 'enrol';
  const [value, setValue] = useState<CodeValue>({ code: '' });
  const [setup, setSetup] = useState<{ uri: string; secret: string }>();
  const [setupError, setSetupError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const enter = () => {
    setFlash('auth.loginSuccess');
    window.location.replace(next);
  };
  useEffect(() => {
    if (!enrol) return;
    apiCall<{ data: { uri: string; secret: string } }>('/auth/login/enrol', 'POST', { challenge: step.challenge })
      .then(({ data }) => setSetup(data))
      .catch((error) => setSetupError(errorMessage(error, translate('auth.somethingWrong'))));
  }, [enrol, step.challenge, translate]);
  const { submit, busy, result } = useFormCall<{ message?: string; codes?: string[] }>(
    async () => ({
      codes: enrol
        ? await finishSignIn('/auth/login/enrol/confirm', { challenge: step.challenge, code: value.code })
        : await finishSignIn('/auth/login/second-step', { challenge: step.challenge, ...value }),
    }),
    {
      fallback: 'auth.loginFailed',
      onSuccess: ({ codes }) => (codes ? setRecoveryCodes(codes) : enter()),
    },
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasCode(value)) void submit({});
  };

  return (
    <AuthFrame title="auth.totp.title" subtitle={enrol ? 'auth.totp.enrolSubtitle' : 'auth.totp.codeSubtitle'}>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={enter} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={2}>
            {setupError && <Alert severity="error">{setupError}</Alert>}
            {setup && <AuthenticatorSetup {...setup} />}
            <CodeField value={value} onChange={setValue} allowRecovery={!enrol} />
            <FormCallMessage result={result} />
            <Button type="submit" variant="contained" size="large" disabled={busy || !hasCode(value)}>
              {translate(busy ? 'auth.totp.verifying' : enrol ? 'auth.totp.confirm' : 'auth.totp.verify')}
            </Button>
            <MuiLink component="button" type="button" onClick={onBack} sx={{ alignSelf: 'center' }}>
              {translate('auth.totp.backToSignIn')}
            </MuiLink>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
