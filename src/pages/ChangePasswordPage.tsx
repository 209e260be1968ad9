import { Button, Card, CardContent, Stack } from '@mui/material';
import { Form, PasswordInput, useGetIdentity, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { FormCallMessage, useFormCall } from './auth/useFormCall.tsx';
import { maxLength, passwordRule, requiredField, sameAs } from './auth/validators.ts';

export function ChangePasswordPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { submit, busy, result } = useFormCall((values) =>
    apiCall('/auth/change-password', 'POST', {
      username: identity?.email ?? identity?.phone,
      password: values.password,
      newpassword: values.newpassword,
    }),
  );

  return (
    <>
      <PageHeader title="auth.changePasswordTitle" subtitle="auth.changePasswordSubtitle" />
      <Card sx={{ maxWidth: 520 }}>
        <CardContent>
          <Form onSubmit={submit} noValidate>
            <Stack spacing={1}>
              <PasswordInput
                source="password"
                label="auth.currentPassword"
                autoComplete="current-password"
                fullWidth
                validate={[requiredField('auth.passwordRequired'), maxLength('auth.passwordTooLong')]}
              />
              <PasswordInput
                source="newpassword"
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
                validate={sameAs('newpassword')}
              />
              <FormCallMessage result={result} />
              <Button type="submit" variant="contained" disabled={busy || !identity}>
                {translate('auth.changePassword')}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
