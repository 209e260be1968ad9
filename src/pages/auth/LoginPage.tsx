import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  Link as MuiLink,
  Stack,
  TextField,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import { AuthFrame } from './AuthFrame.tsx';
import { FormCallMessage, useFormCall } from './useFormCall.tsx';
import { maxLength, requiredField } from './validators.ts';
import { useInternalLink } from './internalLink.ts';
import { setFlash } from '../../flash.ts';
import { signIn, type SecondStep } from '../../../providers/signIn.ts';

// only accounts with an authenticator need it (and its QR code library): not in the sign-in page's first load
const SecondStepPage = lazy(() => import('./totp/SecondStepPage.tsx'));

interface Credentials {
  username: string;
  password: string;
  terms: boolean;
}
type Errors = Partial<Record<keyof Credentials, string>>;

const termsRequired = (value: unknown) => (value === true ? undefined : 'auth.termsRequired');
const checks: { [K in keyof Credentials]: ((value: unknown) => string | undefined)[] } = {
  username: [requiredField('auth.usernameRequired'), maxLength('auth.usernameTooLong')],
  password: [requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong')],
  terms: [termsRequired],
};

/** Where to go after sign-in: the protected page that sent the visitor here (router state), else the root. */
export function nextLocation(state: unknown): string {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: string; nextSearch?: string };
  if (!nextPathname || nextPathname.startsWith('/auth/')) return '/';
  return `${nextPathname}${nextSearch ?? ''}`;
}

function validate(values: Credentials): Errors {
  const errors: Errors = {};
  for (const name of Object.keys(checks) as (keyof Credentials)[]) {
    const error = checks[name].map((check) => check(values[name])).find(Boolean);
    if (error) errors[name] = error;
  }
  return errors;
}

/**
 * The sign-in form. Plain React and MUI, without react-admin's form or router: it is the first
 * screen of most visits and runs on its own small entry (src/sign-in.tsx) as well as inside the
 * console, so it only needs the translation context. `next` is where the page reloads after sign-in.
 */
export function LoginPage({ next }: { next: string }) {
  const translate = useTranslate();
  const [values, setValues] = useState<Credentials>({ username: '', password: '', terms: false });
  // checked on submit, then again on every change once a submit has been refused
  const [errors, setErrors] = useState<Errors | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const { submit, busy, result } = useFormCall<{ message?: string; step: SecondStep | null }>(
    async () => ({ step: await signIn({ username: values.username, password: values.password }) }),
    {
      fallback: 'auth.loginFailed',
      onSuccess: ({ step }) => {
        if (step) return setSecondStep(step);
        setFlash('auth.loginSuccess');
        // the page reloads into the page asked for, so every part starts from the new session
        window.location.replace(next);
      },
    },
  );
  const change = <K extends keyof Credentials>(name: K, value: Credentials[K]) => {
    const changed = { ...values, [name]: value };
    setValues(changed);
    if (errors) setErrors(validate(changed));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (!Object.keys(found).length) void submit({});
  };
  const error = (name: keyof Credentials) => (errors?.[name] ? translate(errors[name]) : undefined);
  const lostPassword = useInternalLink('/auth/forgot-password');
  const renewal = useInternalLink('/public/renewal-payment');
  const contact = useInternalLink('/public/contact-us');

  if (secondStep)
    return (
      <Suspense fallback={null}>
        <SecondStepPage step={secondStep} next={next} onBack={() => setSecondStep(null)} />
      </Suspense>
    );
  return (
    <AuthFrame title="auth.signInTitle" subtitle="auth.signInSubtitle">
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={1}>
          <TextField
            name="username"
            label={translate('auth.username')}
            autoComplete="username"
            fullWidth
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
            error={Boolean(error('username'))}
            helperText={error('username')}
          />
          <TextField
            name="password"
            label={translate('auth.password')}
            autoComplete="current-password"
            fullWidth
            type={passwordVisible ? 'text' : 'password'}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            error={Boolean(error('password'))}
            helperText={error('password')}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      onClick={() => setPasswordVisible(!passwordVisible)}
                      aria-label={translate(
                        passwordVisible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
                      )}
                    >
                      {passwordVisible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox checked={values.terms} onChange={(e) => change('terms', e.target.checked)} name="terms" />
              }
              label={
                <>
                  {translate('auth.termsPrefix')}{' '}
                  <MuiLink href="/public/term-of-use" target="_blank" rel="noopener">
                    {translate('auth.termsOfUse')}
                  </MuiLink>{' '}
                  {translate('auth.and')}{' '}
                  <MuiLink href="/public/privacy" target="_blank" rel="noopener">
                    {translate('auth.privacyPolicy')}
                  </MuiLink>
                </>
              }
            />
            {error('terms') && <FormHelperText error>{error('terms')}</FormHelperText>}
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <MuiLink {...lostPassword}>{translate('auth.lostPassword')}</MuiLink>
          </Box>
          <FormCallMessage result={result} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate(busy ? 'auth.loggingIn' : 'auth.signIn')}
          </Button>
          <Button {...renewal} variant="outlined" size="large">
            {translate('auth.renewSubscription')}
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <MuiLink {...contact}>{translate('auth.contactUs')}</MuiLink>
          </Box>
        </Stack>
      </form>
    </AuthFrame>
  );
}
