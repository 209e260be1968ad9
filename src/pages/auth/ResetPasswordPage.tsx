import { Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Form, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { FormCallMessage, useFormCall } from './useFormCall.tsx';
import { maxLength, passwordRule, requiredField, sameAs } from './validators.ts';

/** With ?token= (the e-mailed link) only a new password is asked; otherwise the one-time code too. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { otpToken = '' } = useParams();
  const [search] = useSearchParams();
  const linkToken = search.get('token');
  const { submit, busy, result } = useFormCall(
    (values) =>
      linkToken
        ? apiCall(`/auth/reset-password?token=${encodeURIComponent(linkToken)}`, 'POST', { password: values.password })
        : apiCall(`/auth/reset-password?otp=${encodeURIComponent(String(values.otp).trim())}`, 'POST', {
            otpToken,
            password: values.password,
          }),
    { onSuccess: () => navigate('/auth/login') },
  );

  return (
    <AuthFrame title="auth.resetTitle" subtitle={linkToken ? 'auth.resetLinkSubtitle' : 'auth.resetSubtitle'}>
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          {!linkToken && (
            <TextInput
              source="otp"
              label="auth.otp"
              autoComplete="one-time-code"
              fullWidth
              validate={requiredField('auth.otpRequired')}
            />
          )}
          <PasswordInput
            source="password"
            label="auth.newPassword"
            autoComplete="new-password"
            fullWidth
            helperText="auth.passwordRule"
            validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong'), passwordRule]}
          />
          <PasswordInput
            source="confirm"
            label="auth.confirmPassword"
            autoComplete="new-password"
            fullWidth
            validate={sameAs('password')}
          />
          <FormCallMessage result={result} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate('auth.resetPassword')}
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
