import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack } from '@mui/material';
import { Form, PasswordInput, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { errorMessage } from './auth/AuthFrame.tsx';
import { maxLength, passwordRule, requiredField, sameAs } from './auth/validators.ts';

export function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await apiCall('/auth/change-password', 'POST', {
        username: identity?.email ?? identity?.phone,
        password: values.password,
        newpassword: values.newpassword,
      });
      setResult({ ok: true, message: answer.message });
      notify(answer.message, { type: 'success' });
    } catch (failure) {
      const message = errorMessage(failure, 'auth.somethingWrong');
      setResult({ ok: false, message });
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="auth.changePasswordTitle" subtitle="auth.changePasswordSubtitle" />
      <Card sx={{ maxWidth: 520 }}>
        <CardContent>
          <Form onSubmit={submit} noValidate>
            <Stack spacing={1}>
              <PasswordInput source="password" label="auth.currentPassword" autoComplete="current-password" fullWidth
                validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong')]} />
              <PasswordInput source="newpassword" label="auth.newPassword" autoComplete="new-password" fullWidth helperText="auth.passwordRule"
                validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong'), passwordRule]} />
              <PasswordInput source="confirm" label="auth.confirmPassword" autoComplete="new-password" fullWidth validate={sameAs('newpassword')} />
              {result && <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>{translate(result.message, { _: result.message })}</Alert>}
              <Button type="submit" variant="contained" disabled={busy || !identity}>{translate('auth.changePassword')}</Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
