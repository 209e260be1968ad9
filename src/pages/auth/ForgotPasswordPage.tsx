import { Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { Form, TextInput, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { normaliseUsername } from '../../../core/username.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { FormCallMessage, useFormCall } from './useFormCall.tsx';
import { maxLength, requiredField } from './validators.ts';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { submit, busy, result } = useFormCall(
    (values) =>
      apiCall<{ success: boolean; message: string; data: { otpToken: string } }>('/auth/forgot-password', 'POST', {
        username: normaliseUsername(String(values.username)),
      }),
    { onSuccess: (answer) => navigate(`/auth/reset-password/${answer.data.otpToken}`) },
  );

  return (
    <AuthFrame title="auth.forgotTitle" subtitle="auth.forgotSubtitle">
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <TextInput
            source="username"
            label="auth.username"
            autoComplete="username"
            fullWidth
            validate={[requiredField('auth.usernameRequired'), maxLength('auth.usernameTooLong')]}
          />
          <FormCallMessage result={result} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate('auth.sendCode')}
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <MuiLink component={Link} to="/auth/login">
              {translate('auth.backToLogin')}
            </MuiLink>
          </Box>
        </Stack>
      </Form>
    </AuthFrame>
  );
}
