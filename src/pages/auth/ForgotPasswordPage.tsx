import { useState } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { normaliseUsername } from '../../../providers/username.ts';
import { AuthFrame, errorMessage } from './AuthFrame.tsx';
import { maxLength, requiredField } from './validators.ts';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall<{ success: boolean; message: string; data: { otpToken: string } }>(
        '/auth/forgot-password', 'POST', { username: normaliseUsername(String(values.username)) });
      notify(answer.message, { type: 'success' });
      navigate(`/auth/reset-password/${answer.data.otpToken}`);
    } catch (failure) {
      const message = errorMessage(failure, 'auth.somethingWrong');
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="auth.forgotTitle" subtitle="auth.forgotSubtitle">
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <TextInput source="username" label="auth.username" autoComplete="username" fullWidth
            validate={[requiredField('auth.usernameRequired'), maxLength('auth.usernameTooLong')]} />
          {error && <Alert severity="error" role="alert">{translate(error, { _: error })}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy}>{translate('auth.sendCode')}</Button>
          <Box sx={{ textAlign: 'center' }}><MuiLink component={Link} to="/auth/login">{translate('auth.backToLogin')}</MuiLink></Box>
        </Stack>
      </Form>
    </AuthFrame>
  );
}
