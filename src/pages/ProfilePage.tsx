import { Card, CardContent } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar, useGetIdentity, useNotify, useRefresh } from 'react-admin';
import { findResource } from '../../resources/modules.ts';
import { apiCall } from '../../providers/httpClient.ts';
import { readSession, writeSession, type SessionUser } from '../../providers/session.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { FieldInput } from '../resources/ResourceForm.tsx';
import { TwoStepSignIn } from './auth/totp/TwoStepSignIn.tsx';

const user = findResource('user')!;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'avatar'] as const;

const pickUser = (u: SessionUser): Partial<SessionUser> => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  avatar: u.avatar,
});

/** The user menu's Profile: one's own name, contacts and avatar, whatever the role. */
export function ProfilePage() {
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity, isPending, refetch } = useGetIdentity();
  if (isPending || !identity) return null;
  const save = async (values: Record<string, unknown>) => {
    try {
      const body = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? null]));
      const result = await apiCall<{ message: string; data: SessionUser }>('/auth/profile', 'PUT', body);
      const session = readSession();
      // the header shows the stored user: keep it in step with what was saved
      if (session) writeSession({ ...session, user: { ...session.user, ...pickUser(result.data) } });
      notify(result.message, { type: 'success' });
      await refetch();
      refresh();
    } catch (error) {
      const answer = (error as { body?: { message?: string; errors?: Record<string, string> } }).body;
      notify(answer?.message ?? 'auth.somethingWrong', { type: 'error' });
      return answer?.errors;
    }
  };
  return (
    <>
      <PageHeader title="layout.profile" />
      <Card>
        <CardContent>
          <SimpleForm
            record={identity}
            onSubmit={save}
            toolbar={
              <Toolbar>
                <SaveButton label="list.save" />
              </Toolbar>
            }
            sx={{ maxWidth: 720 }}
          >
            {FIELDS.map((name) => (
              <FieldInput
                key={name}
                resource={user}
                name={name}
                field={user.fields[name]!}
                source={name}
                mode="edit"
                uploadFor="avatar"
              />
            ))}
          </SimpleForm>
        </CardContent>
      </Card>
      <TwoStepSignIn />
    </>
  );
}
