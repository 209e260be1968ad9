import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { readPermissions, readSession } from '../../providers/session.ts';
import { SIGN_IN_PATH } from '../../core/sign-in-path.ts';
import { landingPage } from '../layout/landing.ts';

type Kind = 'notFound' | 'serverError' | 'maintenance' | 'comingSoon' | 'noAccess';
const codes: Record<Kind, string> = {
  notFound: '404',
  serverError: '500',
  maintenance: '503',
  comingSoon: '',
  noAccess: '403',
};

/** Where the way-out button leads and what it says: the signed-in user's start page (as `/` decides), else sign-in. */
function useWayOut(): { to: string; label: string } {
  const translate = useTranslate();
  const session = readSession();
  if (!session) return { to: SIGN_IN_PATH, label: translate('pages.goToSignIn') };
  const start = landingPage(session.role.isSuperAdmin, readPermissions(), session.user.id);
  return { to: start.path, label: translate('pages.goTo', { page: translate(start.name) }) };
}

/** The status pages: not found (the default), 500, maintenance, coming soon, and no access. */
export function StatusPage({ kind }: { kind: Kind }) {
  const translate = useTranslate();
  const wayOut = useWayOut();
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 3,
        gap: 2,
      }}
    >
      <Title title={translate(`pages.${kind}Title`)} />
      {codes[kind] && (
        <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {codes[kind]}
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {translate(`pages.${kind}Title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {translate(`pages.${kind}`)}
      </Typography>
      <Button component={Link} to={wayOut.to} variant="contained">
        {wayOut.label}
      </Button>
    </Box>
  );
}

export const NotFoundPage = () => <StatusPage kind="notFound" />;
