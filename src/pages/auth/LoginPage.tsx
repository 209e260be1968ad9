import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink, Stack } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { Form, PasswordInput, TextInput, useInput, useLogin, useTranslate, ValidationError } from 'react-admin';
import { AuthFrame } from './AuthFrame.tsx';
import { FormCallMessage, useFormCall } from './useFormCall.tsx';
import { maxLength, requiredField } from './validators.ts';
import { setFlash } from '../../flash.ts';

const termsRequired = (value: unknown) => (value === true ? undefined : 'auth.termsRequired');

function TermsCheckbox() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'terms', defaultValue: false, validate: termsRequired });
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} name="terms" />}
        label={<>
          {translate('auth.termsPrefix')}{' '}
          <MuiLink href="/public/term-of-use" target="_blank" rel="noopener">{translate('auth.termsOfUse')}</MuiLink>{' '}
          {translate('auth.and')}{' '}
          <MuiLink href="/public/privacy" target="_blank" rel="noopener">{translate('auth.privacyPolicy')}</MuiLink>
        </>}
      />
      {fieldState.error?.message && <FormHelperText error><ValidationError error={fieldState.error.message} /></FormHelperText>}
    </Box>
  );
}

/** Where to go after sign-in: the protected page that sent the visitor here, else the root. */
function nextLocation(state: unknown): string {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: string; nextSearch?: string };
  if (!nextPathname || nextPathname.startsWith('/auth/')) return '/';
  return `${nextPathname}${nextSearch ?? ''}`;
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const location = useLocation();
  const { submit, busy, result } = useFormCall(
    (values) => login({ username: values.username, password: values.password }) as Promise<void>,
    {
      fallback: 'auth.loginFailed',
      onSuccess: () => {
        setFlash('auth.loginSuccess');
        // the page reloads into the page asked for, so every part starts from the new session
        window.location.replace(nextLocation(location.state));
      },
    },
  );

  return (
    <AuthFrame title="auth.signInTitle" subtitle="auth.signInSubtitle">
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <TextInput source="username" label="auth.username" autoComplete="username" fullWidth
            validate={[requiredField('auth.usernameRequired'), maxLength('auth.usernameTooLong')]} />
          <PasswordInput source="password" label="auth.password" autoComplete="current-password" fullWidth
            validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong')]} />
          <TermsCheckbox />
          <Box sx={{ textAlign: 'right' }}>
            <MuiLink component={Link} to="/auth/forgot-password">{translate('auth.lostPassword')}</MuiLink>
          </Box>
          <FormCallMessage result={result} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>{translate(busy ? 'auth.loggingIn' : 'auth.signIn')}</Button>
          <Button component={Link} to="/public/renewal-payment" variant="outlined" size="large">{translate('auth.renewSubscription')}</Button>
          <Box sx={{ textAlign: 'center' }}>
            <MuiLink component={Link} to="/public/contact-us">{translate('auth.contactUs')}</MuiLink>
          </Box>
        </Stack>
      </Form>
    </AuthFrame>
  );
}
