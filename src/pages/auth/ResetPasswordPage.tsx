import { useState } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Form, PasswordInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { AuthFrame, errorMessage } from './AuthFrame.tsx';
import { maxLength, passwordRule, requiredField, sameAs } from './validators.ts';

/** With ?token= (the e-mailed link) only a new password is asked; otherwise the one-time code too. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { otpToken = '' } = useParams();
  const [search] = useSearchParams();
  const linkToken = search.get('token');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = linkToken
        ? await apiCall(`/auth/reset-password?token=${encodeURIComponent(linkToken)}`, 'POST', { password: values.password })
        : await apiCall(`/auth/reset-password?otp=${encodeURIComponent(String(values.otp).trim())}`, 'POST', { otpToken, password: values.password });
      notify(answer.message, { type: 'success' });
      navigate('/auth/login');
    } catch (failure) {
      const message = errorMessage(failure, 'auth.somethingWrong');
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="auth.resetTitle" subtitle={linkToken ? 'auth.resetLinkSubtitle' : 'auth.resetSubtitle'}>
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          {!linkToken && (
            <TextInput source="otp" label="auth.otp" autoComplete="one-time-code" fullWidth validate={requiredField('auth.otpRequired')} />
          )}
          <PasswordInput source="password" label="auth.newPassword" autoComplete="new-password" fullWidth helperText="auth.passwordRule"
            validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong'), passwordRule]} />
          <PasswordInput source="confirm" label="auth.confirmPassword" autoComplete="new-password" fullWidth validate={sameAs('password')} />
          {error && <Alert severity="error" role="alert">{translate(error, { _: error })}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>{translate('auth.resetPassword')}</Button>
          <Box sx={{ textAlign: 'center' }}><MuiLink component={Link} to="/auth/login">{translate('auth.backToLogin')}</MuiLink></Box>
        </Stack>
      </Form>
    </AuthFrame>
  );
}
